import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect, startTestApp, type TestApp } from '../support/testApp.ts';

/** One address cannot hold more than its share of the server's connections (issue 20). */
describeEachDialect('connections per address', (dialect) => {
  let t: TestApp;
  let port: number;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await startTestApp(dialect, { config: { maxConnectionsPerAddress: 5 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await t.stop();
  });

  /** Resolves true when the server closed the connection within the wait, false when it stayed open. */
  function openAndWatch(waitMs: number): Promise<boolean> {
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    socket.on('error', () => undefined);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), waitMs);
      socket.once('close', () => { clearTimeout(timer); resolve(true); });
    });
  }

  it('the connection over the cap is closed at once; one closing makes room for the next', async () => {
    const held = await Promise.all(Array.from({ length: 5 }, () => openAndWatch(300)));
    expect(held).toEqual([false, false, false, false, false]);
    expect(await openAndWatch(1_000)).toBe(true);
    sockets[0].destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await openAndWatch(300)).toBe(false);
  });
});

describeEachDialect('connections from a trusted proxy', (dialect) => {
  let t: TestApp;
  const sockets: Socket[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await t.stop();
  });

  it('are not capped: every client behind the proxy shares its address', async () => {
    t = await startTestApp(dialect, { env: { TRUST_PROXY: '127.0.0.1' }, config: { maxConnectionsPerAddress: 2 } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const closed = await Promise.all(Array.from({ length: 4 }, () => new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      sockets.push(socket);
      socket.on('error', () => undefined);
      const timer = setTimeout(() => resolve(false), 400);
      socket.once('close', () => { clearTimeout(timer); resolve(true); });
    })));
    expect(closed).toEqual([false, false, false, false]);
  });
});
