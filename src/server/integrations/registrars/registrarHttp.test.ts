import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeHttpServer, startFakeHttpServer } from '../../../../test/support/fakeHttpServer.ts';
import { parseSamples, valueOf } from '../../../../test/support/prometheusText.ts';
import { processRegistry } from '../../observability/processMetrics.ts';
import { RegistrarError } from './registrar.ts';
import { registrarCall } from './registrarHttp.ts';

describe('registrarCall', () => {
  let fake: FakeHttpServer;
  beforeAll(async () => { fake = await startFakeHttpServer(() => ({ body: '<ok/>' })); });
  afterAll(async () => { await fake.close(); });

  const call = (extra: Partial<Parameters<typeof registrarCall>[0]> = {}) => registrarCall({
    registrar: 'namecheap', command: 'namecheap.domains.check', url: fake.url, params: { ApiKey: 'secret-key-123', DomainList: 'a.com' }, ...extra,
  });
  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(RegistrarError);
    expect((error as Error).message).not.toContain('secret-key-123');
    return error as RegistrarError;
  };

  it('sends the parameters as a query (GET) or a form (POST) and answers the body of an HTTP 200', async () => {
    expect(await call()).toBe('<ok/>');
    expect(await call({ method: 'POST' })).toBe('<ok/>');
    expect(fake.requests.slice(-2).map((r) => [r.method, r.params.DomainList])).toEqual([['GET', 'a.com'], ['POST', 'a.com']]);
  });

  it('a slow, dropped, failing or refused answer is a RegistrarError that never shows the credentials', async () => {
    fake.override({ body: '<late/>', delayMs: 300 });
    expect((await failure(call({ timeoutMs: 50 })))).toMatchObject({ kind: 'unavailable', message: 'namecheap did not answer namecheap.domains.check in time.' });
    fake.override({ body: '', drop: true });
    expect((await failure(call())).kind).toBe('unavailable');
    fake.override({ body: 'oops', status: 502 });
    expect((await failure(call())).kind).toBe('unavailable');
    fake.override({ body: 'no', status: 403 });
    expect((await failure(call())).kind).toBe('auth');
    const aborted = new AbortController();
    aborted.abort();
    expect((await failure(call({ signal: aborted.signal }))).kind).toBe('unavailable');
  });

  it('an HTTP 4xx other than 401/403 leaves the outcome unknown (unavailable), never a refusal', async () => {
    for (const status of [400, 404, 408, 409, 422, 429, 499]) {
      fake.override({ body: 'proxy says no', status });
      expect(await failure(call())).toMatchObject({ kind: 'unavailable', details: { code: String(status) } });
    }
    fake.override({ body: 'no', status: 401 });
    expect((await failure(call())).kind).toBe('auth');
  });

  it('an address nobody listens on is unavailable', async () => {
    expect((await failure(call({ url: 'http://127.0.0.1:9' }))).kind).toBe('unavailable');
  });

  it('times each exchange for /metrics with how it ended: ok, error (refused), timeout, unknown (no answer to read)', async () => {
    const operation = 'namecheap.domains.getTldList';
    const counts = async () => {
      const samples = parseSamples(await processRegistry.metrics());
      const of = (name: string, outcome: string) => valueOf(samples, name, { supplier: 'namecheap', operation, outcome }) ?? 0;
      return Object.fromEntries(['ok', 'error', 'timeout', 'unknown'].flatMap((outcome) => [
        [outcome, of('portal_registrar_call_duration_seconds_count', outcome)],
        [`${outcome} counted as error`, of('portal_registrar_call_errors_total', outcome)],
      ]));
    };
    const before = await counts();
    await call({ command: operation });
    fake.override({ body: 'no', status: 401 });
    await failure(call({ command: operation }));
    fake.override({ body: '<late/>', delayMs: 300 });
    await failure(call({ command: operation, timeoutMs: 50 }));
    fake.override({ body: 'oops', status: 503 });
    await failure(call({ command: operation }));
    fake.override({ body: '', drop: true });
    await failure(call({ command: operation }));
    const after = await counts();
    const change = Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - before[k]]));
    expect(change).toEqual({
      ok: 1, 'ok counted as error': 0,
      error: 1, 'error counted as error': 1,
      timeout: 1, 'timeout counted as error': 1,
      unknown: 2, 'unknown counted as error': 2,
    });
  });
});
