import { writeFileSync } from 'node:fs';
import { startTestApp } from '../../test/support/testApp.ts';

/** A deliberate contract change rewrites the stored OpenAPI copy that openApiSnapshot.test.ts compares with. */
const t = await startTestApp('sqlite');
const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
writeFileSync(new URL('../../test/integration/snapshots/openapi.json', import.meta.url), res.body);
await t.stop();
console.log(`test/integration/snapshots/openapi.json: ${res.body.length} bytes`);
