import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../support/testApp.ts';

/**
 * The public wire contract stays put while the code behind it moves: /api/docs must answer, byte for byte,
 * the document stored before the house reshaping (issue 17). A deliberate contract change rewrites the copy
 * with `npm run openapi:snapshot`, and the diff shows the change in review.
 */
let t: TestApp;
beforeAll(async () => { t = await startTestApp('sqlite'); });
afterAll(async () => { await t.stop(); });

it('serves the OpenAPI document unchanged, byte for byte', async () => {
  const stored = readFileSync(new URL('./snapshots/openapi.json', import.meta.url), 'utf8');
  const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
  expect(res.statusCode).toBe(200);
  expect(res.body.length).toBe(stored.length);
  expect(res.body === stored).toBe(true);
});
