import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_ALLOW_LIST, parseAllowList } from './addressPolicy.ts';
import { createGuardedClient, RESPONSE_BODY_CAP } from './guardedHttp.ts';

let server: Server;
let port: number;
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url === '/big') return res.end('x'.repeat(10_000));
    if (req.url === '/hop') return res.writeHead(302, { location: '/ok' }).end();
    if (req.url === '/hop-metadata') return res.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data' }).end();
    if (req.url === '/hop-literal') return res.writeHead(307, { location: `http://127.0.0.1:${port}/ok` }).end();
    if (req.url === '/slow') return;
    res.end('fine');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const request = (url: string, over: { timeoutMs?: number; followRedirects?: boolean } = {}) => ({
  url, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}', timeoutMs: over.timeoutMs ?? 5000, followRedirects: over.followRedirects ?? false,
});

describe('guarded HTTP client', () => {
  it('refuses a literal loopback address without the allow list, and never connects', async () => {
    const client = createGuardedClient({ allow: EMPTY_ALLOW_LIST });
    const before = seen.length;
    const answer = await client.send(request(`http://127.0.0.1:${port}/ok`));
    expect(answer).toMatchObject({ status: null, error: 'Blocked: loopback address 127.0.0.1' });
    expect(seen.length).toBe(before);
    client.close();
  });

  it('refuses a host name that resolves to 127.0.0.1 at connect time (localhost)', async () => {
    const client = createGuardedClient({ allow: EMPTY_ALLOW_LIST });
    const answer = await client.send(request(`http://localhost:${port}/ok`));
    expect(answer.status).toBeNull();
    expect(answer.error).toMatch(/^Blocked: loopback address (127\.0\.0\.1|::1) \(localhost\)$/);
    client.close();
  });

  it('reaches an allowed address and caps the stored body', async () => {
    const client = createGuardedClient({ allow: parseAllowList('127.0.0.1') });
    expect(await client.send(request(`http://127.0.0.1:${port}/ok`))).toMatchObject({ status: 200, body: 'fine', truncated: false, error: null });
    const big = await client.send(request(`http://127.0.0.1:${port}/big`));
    expect(big.body).toHaveLength(RESPONSE_BODY_CAP);
    expect(big.truncated).toBe(true);
    client.close();
  });

  it('does not follow a redirect unless asked; when asked, each hop is checked again', async () => {
    const client = createGuardedClient({ allow: parseAllowList('127.0.0.1') });
    expect(await client.send(request(`http://127.0.0.1:${port}/hop`))).toMatchObject({ status: 302, error: 'Redirect not followed (302 to /ok)' });
    expect(await client.send(request(`http://127.0.0.1:${port}/hop`, { followRedirects: true }))).toMatchObject({ status: 200, error: null, url: `http://127.0.0.1:${port}/ok` });
    expect(await client.send(request(`http://127.0.0.1:${port}/hop-metadata`, { followRedirects: true })))
      .toMatchObject({ status: null, error: 'Blocked: cloud metadata address 169.254.169.254' });
    client.close();
    // Only the name is allowed: a hop to the literal address it resolves to is a different host.
    const byName = createGuardedClient({ allow: parseAllowList('localhost') });
    const hops = seen.length;
    expect(await byName.send(request(`http://localhost:${port}/hop-literal`, { followRedirects: true })))
      .toMatchObject({ status: null, error: 'Blocked: loopback address 127.0.0.1' });
    expect(seen.slice(hops)).toEqual(['/hop-literal']);
    byName.close();
  });

  it('aborts at the time-out', async () => {
    const client = createGuardedClient({ allow: parseAllowList('127.0.0.1') });
    const answer = await client.send(request(`http://127.0.0.1:${port}/slow`, { timeoutMs: 150 }));
    expect(answer).toMatchObject({ status: null, error: 'Timed out after 150 ms' });
    client.close();
  });
});
