/**
 * Cost of the app's JSON parser (depth scan + NUL walk before/after Fastify's own parser)
 * against Fastify's default, on a small function body and on a body near the 1 MB limit.
 * Run: node --import tsx bench/jsonBody.bench.ts
 */
import Fastify from 'fastify';
import { registerJsonBody } from '../src/server/http/jsonBody.ts';

async function appWith(ours: boolean) {
  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  if (ours) registerJsonBody(app);
  app.post('/echo', async () => ({ ok: true }));
  await app.ready();
  return app;
}

const small = JSON.stringify({ data: { accountId: '9b2f6c1e-0000-4000-8000-000000000000', subject: 'Invoice question', description: 'x'.repeat(400), priority: 'low' } });
const rows = Array.from({ length: 4000 }, (_, i) => ({ id: `row-${i}`, name: `Name ${i}`, tags: ['a', 'b', 'c'], nested: { n: i, text: 'y'.repeat(150) } }));
const large = JSON.stringify({ data: { rows } }).slice(0, 1_000_000);
const largeBody = large.endsWith('}') ? large : JSON.stringify({ data: { rows: rows.slice(0, 3900) } });

async function timeRequests(app: Awaited<ReturnType<typeof appWith>>, payload: string, iterations: number): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) {
    const res = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  }
  return Number(process.hrtime.bigint() - start) / 1000 / iterations;
}

/** Both apps warmed up, then measured in alternating rounds; the median round is reported. */
async function measure(label: string, payload: string, iterations: number, rounds = 7) {
  const apps = { 'fastify default': await appWith(false), 'portal parser': await appWith(true) };
  for (const app of Object.values(apps)) await timeRequests(app, payload, iterations);
  const results: Record<string, number[]> = { 'fastify default': [], 'portal parser': [] };
  for (let r = 0; r < rounds; r++) {
    for (const [name, app] of Object.entries(apps)) results[name].push(await timeRequests(app, payload, iterations));
  }
  for (const [name, times] of Object.entries(results)) {
    const median = times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
    console.log(`${label.padEnd(26)} ${name.padEnd(16)} ${median.toFixed(1).padStart(9)} µs/request median of ${rounds} rounds of ${iterations} (${(payload.length / 1024).toFixed(0)} KiB body)`);
  }
  for (const app of Object.values(apps)) await app.close();
}

await measure('small function body', small, 2000);
await measure('body near the 1 MB limit', largeBody, 40);
