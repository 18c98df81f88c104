import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect, startTestApp, type TestApp } from '../support/testApp.ts';

/**
 * A slow client holds a socket until the server lets go (issue 20: 20,000 such sockets once used up
 * the server's file descriptors and /healthz failed). The limits here are the defaults scaled down
 * so the test runs in seconds; defaultSlowClientLimits keeps their proportions.
 */
const LIMITS = { headersTimeoutMs: 1_000, requestTimeoutMs: 20_000, minBodyBytesPerSecond: 2_000, bodyGraceMs: 600 };

describeEachDialect('slow clients', (dialect) => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { slowClients: LIMITS } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => { await t.stop(); });

  /** A raw connection; resolves `closed` with what the server sent before it closed. */
  function open(): { socket: Socket; closed: Promise<{ afterMs: number; received: string }> } {
    const socket = connect(port, '127.0.0.1');
    const started = Date.now();
    let received = '';
    socket.on('data', (chunk) => { received += chunk.toString(); });
    socket.on('error', () => undefined);
    const closed = new Promise<{ afterMs: number; received: string }>((resolve) => socket.on('close', () => resolve({ afterMs: Date.now() - started, received })));
    return { socket, closed };
  }

  const healthz = async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).status;

  it('a body trickling in under the minimum rate loses its connection, and /healthz answers meanwhile', async () => {
    const { socket, closed } = open();
    socket.write('POST /api/fn/getSessionState HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n');
    const drip = setInterval(() => { if (!socket.destroyed) socket.write('{'); }, 100);
    try {
      expect(await healthz()).toBe(200);
      const { afterMs, received } = await closed;
      expect(afterMs).toBeLessThan(5_000);
      expect(received).not.toContain('HTTP/1.1 200');
    } finally {
      clearInterval(drip);
    }
    expect(await healthz()).toBe(200);
  });

  it('headers that never finish are cut off after the headers time-out', async () => {
    const { socket, closed } = open();
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    const drip = setInterval(() => { if (!socket.destroyed) socket.write('a'); }, 100);
    try {
      const { afterMs } = await closed;
      expect(afterMs).toBeLessThan(5_000);
    } finally {
      clearInterval(drip);
    }
  });

  it('a body sent at a normal pace is answered, even when it takes longer than the grace period', async () => {
    const body = JSON.stringify({ data: {} });
    const { socket, closed } = open();
    socket.write(`POST /api/fn/getSessionState HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nConnection: close\r\nContent-Length: ${body.length + 4000}\r\n\r\n`);
    // 4,000 bytes of padding over a second (4 KB/s, twice the minimum), then the JSON.
    for (let i = 0; i < 10; i++) {
      socket.write(' '.repeat(400));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    socket.write(body);
    // Answered (signed out, so 401): the connection was not cut.
    const { received } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
  });
});
