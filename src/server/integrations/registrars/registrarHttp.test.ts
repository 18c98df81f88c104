import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeHttpServer, startFakeHttpServer } from '../../../../test/support/registrars/fakeHttpServer.ts';
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
});
