import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeHttpServer, startFakeHttpServer } from '../../../test/support/fakeHttpServer.ts';
import { endUnderGc } from '../../../test/support/gc.ts';
import { withDeadline } from './deadline.ts';
import { PanelError } from './panels/panel.ts';
import { panelFetch } from './panels/panelHttp.ts';
import { RegistrarError } from './registrars/registrar.ts';
import { registrarCall } from './registrars/registrarHttp.ts';

/**
 * A caller's deadline (a connection test's, an import's, a search's) ends a call to a server that
 * took the request and never answers, however often the garbage collector runs meanwhile: the
 * adapters' own limits (a minute for a panel, 30 s for a registrar) are only the last resort.
 */
describe('a call to a server that never answers ends at the caller\'s deadline, garbage collection or not', () => {
  let silent: FakeHttpServer;
  beforeAll(async () => { silent = await startFakeHttpServer(() => ({ hang: true })); });
  afterAll(async () => { await silent.close(); });

  it('a panel call: an unknown outcome', async () => {
    const url = new URL(silent.url);
    const ended = await endUnderGc(panelFetch(
      { kind: 'cpanel', scheme: 'http', host: url.hostname, port: Number(url.port), verifyTls: true, credentials: { kind: 'cpanel', username: 'root', apiToken: 'T' }, options: {} },
      { command: 'listaccts', method: 'GET', path: '/json-api/listaccts' },
      { signal: AbortSignal.timeout(300) },
    ));
    expect(ended).toBeInstanceOf(PanelError);
    expect(ended).toMatchObject({ kind: 'unknown', message: 'cPanel/WHM did not answer listaccts; it may have acted.' });
  });

  it('a registrar call: unavailable', async () => {
    const ended = await endUnderGc(registrarCall({
      registrar: 'namecheap', command: 'namecheap.domains.check', url: silent.url, params: {}, signal: AbortSignal.timeout(300),
    }));
    expect(ended).toBeInstanceOf(RegistrarError);
    expect(ended).toMatchObject({ kind: 'unavailable', message: 'namecheap did not answer namecheap.domains.check in time.' });
  });
});

describe('withDeadline', () => {
  it('tells its own time-out from the caller\'s abort, and leaves no listener on the caller\'s signal', async () => {
    const caller = new AbortController();
    const ownEnd = await withDeadline(100, caller.signal, async (signal, timedOut) => {
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      return { reason: (signal.reason as Error).name, timedOut: timedOut() };
    });
    expect(ownEnd).toEqual({ reason: 'TimeoutError', timedOut: true });
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);

    const callerEnd = withDeadline(60_000, caller.signal, async (signal, timedOut) => {
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      return { reason: String(signal.reason), timedOut: timedOut() };
    });
    caller.abort('stopped by the caller');
    expect(await callerEnd).toEqual({ reason: 'stopped by the caller', timedOut: false });
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });
});
