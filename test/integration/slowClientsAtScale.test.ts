import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_CONNECTIONS_PER_ADDRESS } from '../../src/server/http/connectionCaps.ts';
import { waitFor } from '../support/waitFor.ts';
import { startTestApp, type TestApp } from '../support/testApp.ts';

const CLIENTS = 5_000;
/** Source addresses 127.0.1.1 to 127.0.1.100 (Linux routes all of 127/8 to loopback): 50 sockets each, under the per-address cap. */
const ADDRESSES = 100;
/**
 * The grace is long enough for all 5,000 to connect and be open at once before the first is cut,
 * even on a busy 2-core machine (alone it takes about 5 s, beside other test files over 20 s).
 * The request time-out is far beyond it, so what cuts them is the minimum body rate (which sends
 * nothing, where the request time-out would answer 408).
 */
const LIMITS = { headersTimeoutMs: 5_000, requestTimeoutMs: 600_000, minBodyBytesPerSecond: 2_000, bodyGraceMs: 60_000 };

interface SlowClient { socket: Socket; received: string; closed: boolean }

/**
 * Issue 20: 20,000 slow-body sockets once exhausted the server's file descriptors and /healthz
 * failed. Here 5,000 clients each send a POST announcing a large body and trickle it a byte at a
 * time; while they are all open the probes answer, and then the minimum body rate cuts every one.
 * The test process holds both ends, about 10,000 descriptors (`ulimit -n` must allow it).
 * The database plays no part in this, so it runs on SQLite only.
 */
describe('5,000 slow-body clients', () => {
  let t: TestApp;
  let port: number;
  const clients: SlowClient[] = [];
  let drip: NodeJS.Timeout | undefined;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { config: { slowClients: LIMITS } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    clearInterval(drip);
    for (const c of clients) c.socket.destroy();
    await t.stop();
  });

  const serverConnections = () => new Promise<number>((resolve, reject) =>
    t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));

  function openSlowClient(n: number): Promise<void> {
    const client: SlowClient = { socket: connect({ host: '127.0.0.1', port, localAddress: `127.0.1.${(n % ADDRESSES) + 1}` }), received: '', closed: false };
    clients.push(client);
    client.socket.on('data', (chunk) => { client.received += chunk.toString(); });
    client.socket.on('error', () => undefined);
    client.socket.on('close', () => { client.closed = true; });
    return new Promise((resolve, reject) => {
      client.socket.once('connect', () => {
        client.socket.write('POST /api/fn/getSessionState HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{');
        resolve();
      });
      client.socket.once('close', () => reject(new Error(`slow client ${n} closed before it connected`)));
    });
  }

  it('the probes answer while they are all open, and the minimum body rate then cuts every one', async () => {
    expect(CLIENTS / ADDRESSES).toBeLessThanOrEqual(DEFAULT_MAX_CONNECTIONS_PER_ADDRESS);
    for (let start = 0; start < CLIENTS; start += 250) {
      await Promise.all(Array.from({ length: Math.min(250, CLIENTS - start) }, (_, i) => openSlowClient(start + i)));
    }
    // One byte per client in turn, a few times a second each: a trickle, never the minimum rate.
    let next = 0;
    drip = setInterval(() => {
      for (let i = 0; i < 500; i++) {
        const client = clients[next];
        next = (next + 1) % clients.length;
        if (!client.closed) client.socket.write(' ');
      }
    }, 50);

    // All 5,000 are open on the server at once.
    await waitFor(async () => ((await serverConnections()) >= CLIENTS ? true : undefined), 120_000);
    expect(clients.filter((c) => c.closed)).toHaveLength(0);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    expect(clients.filter((c) => c.closed)).toHaveLength(0);

    // Then each is cut off without an answer: none was served, none timed out with a 408.
    await waitFor(() => (clients.every((c) => c.closed) ? true : undefined), 180_000);
    expect(clients.filter((c) => c.received !== '').map((c) => c.received.slice(0, 40))).toEqual([]);
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  }, 400_000);
});
