import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DYNADOT_FAKE_KEY, type FakeDynadot, dynadotTestEnv, startFakeDynadot } from '../../../../../test/support/registrars/dynadot.fake.ts';
import { waitFor } from '../../../../../test/support/waitFor.ts';
import { loadConfig } from '../../../config.ts';
import { type DomainContacts, type Registrar, RegistrarError } from '../registrar.ts';
import { dynadotErrorKind } from './dynadotErrors.ts';
import { createDynadotRegistrar } from './dynadotRegistrar.ts';

const contact = {
  firstName: 'Ada', lastName: 'King', organization: null, email: 'ada@example.org', phone: '+44.2079460000',
  address1: '12 St James Sq', address2: null, city: 'London', state: 'London', postalCode: 'SW1Y 4JH', country: 'GB',
};
const contacts: DomainContacts = { registrant: contact, admin: contact, tech: contact, billing: contact };
const order = (domain: string) => ({ domain, years: 1, contacts, nameservers: [], privacy: true, autoRenew: false, idempotencyKey: 'k' });

describe('the Dynadot adapter\'s failures', () => {
  let fake: FakeDynadot;
  let dynadot: Registrar;
  beforeAll(async () => {
    fake = await startFakeDynadot();
    dynadot = createDynadotRegistrar(loadConfig(dynadotTestEnv(fake)), { timeoutMs: 200 })!;
  });
  afterAll(async () => { await fake.close(); });
  beforeEach(() => { fake.domains.clear(); fake.balanceCents = 1_000_000; });

  /** Every failure is a RegistrarError of Dynadot that never shows the key. */
  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(RegistrarError);
    expect((error as Error).message).not.toContain(DYNADOT_FAKE_KEY);
    expect((error as RegistrarError).details.registrar).toBe('dynadot');
    return error as RegistrarError;
  };

  it('is not configured (null) without an API key', () => {
    expect(createDynadotRegistrar(loadConfig({ ...dynadotTestEnv(fake), DYNADOT_API_KEY: undefined }))).toBeNull();
  });

  it('a wrong key is Dynadot\'s top-level "invalid key" answer, an auth error', async () => {
    const wrong = createDynadotRegistrar(loadConfig(dynadotTestEnv(fake, 'wrong-key-123456')))!;
    const error = await failure(wrong.checkAvailability(['a.com']));
    expect(error).toMatchObject({ kind: 'auth', message: 'Dynadot refused search: invalid key', details: { code: '-1', command: 'search' } });
    expect((await failure(wrong.getInfo('a.com'))).message).not.toContain('wrong-key-123456');
  });

  it('maps Dynadot\'s business errors inside HTTP 200 to their kinds', async () => {
    expect(await failure(dynadot.getInfo('nobody.com'))).toMatchObject({ kind: 'not_found', message: 'Dynadot refused domain_info: could not find domain in your account' });
    expect((await failure(dynadot.renew('nobody.com', 1, 'k'))).kind).toBe('not_found');
    fake.makeTaken('owned-elsewhere.com');
    expect(await failure(dynadot.register(order('owned-elsewhere.com')))).toMatchObject({ kind: 'not_available', details: { code: '1' } });
    fake.makePremium('gold.com', 5000);
    expect((await failure(dynadot.register(order('gold.com')))).kind).toBe('not_available');
    fake.balanceCents = 100;
    expect(await failure(dynadot.register(order('too-dear.com')))).toMatchObject({ kind: 'insufficient_funds', message: 'Dynadot refused register: not enough account balance to process this order' });
    expect((await failure(dynadot.register(order('odd.zzz')))).kind).toBe('invalid');
    fake.seedDomain('glue.com');
    expect(await failure(dynadot.setNameservers('glue.com', ['ns1.glue.com']))).toMatchObject({
      kind: 'invalid', message: "Dynadot refused set_ns: 'ns1.glue.com' needs to be registered with an ip address before it can be used",
    });
    expect((await failure(dynadot.register({ ...order('bad-phone.com'), contacts: { ...contacts, tech: { ...contact, phone: '020 7946 0000' } } }))).kind).toBe('invalid');
    fake.failNext('renew', 'something unexpected happened');
    expect(await failure(dynadot.renew('glue.com', 1, 'k'))).toMatchObject({ kind: 'failed', message: 'Dynadot refused renew: something unexpected happened' });
  });

  it('a "busy" answer is unavailable, worth a retry', async () => {
    fake.busyNext();
    expect((await failure(dynadot.checkAvailability(['a.com']))).kind).toBe('unavailable');
    fake.failNext('register', 'problem with connection to main server');
    expect((await failure(dynadot.register(order('busy-day.com')))).kind).toBe('unavailable');
    fake.http.override({ body: JSON.stringify({ RegisterHeader: { SuccessCode: '5', Status: 'system_busy' } }) });
    expect(await failure(dynadot.getInfo('x.com'))).toMatchObject({ kind: 'unavailable', details: { code: '5' } });
  });

  it('nameservers beyond set_ns\'s 13, or none, are refused before anything is sent', async () => {
    const before = fake.requests.length;
    expect((await failure(dynadot.setNameservers('a.com', Array.from({ length: 14 }, (_, i) => `ns${i}.example`)))).kind).toBe('invalid');
    expect((await failure(dynadot.setNameservers('a.com', []))).kind).toBe('invalid');
    expect((await failure(dynadot.register({ ...order('a.com'), nameservers: Array.from({ length: 14 }, (_, i) => `ns${i}.example`) }))).kind).toBe('invalid');
    expect(fake.requests.length).toBe(before);
  });

  it('a slow answer past the time-out, an abort, a dropped connection and an HTTP 500 are unavailable', async () => {
    fake.http.override({ body: '{}', delayMs: 1000 });
    expect(await failure(dynadot.checkAvailability(['a.com']))).toMatchObject({ kind: 'unavailable', message: 'dynadot did not answer search in time.' });
    const aborting = new AbortController();
    fake.http.override({ body: '{}', delayMs: 1000 });
    const sent = fake.requests.length;
    const pending = dynadot.getInfo('a.com', { signal: aborting.signal });
    // Aborted once the fake holds it: a request aborted before it left would leave its queued answer to the next call.
    await waitFor(() => fake.requests.length > sent || undefined);
    aborting.abort();
    expect((await failure(pending)).kind).toBe('unavailable');
    fake.http.override({ body: '', drop: true });
    expect((await failure(dynadot.listDomains())).kind).toBe('unavailable');
    fake.http.override({ body: 'Internal Server Error', status: 500, contentType: 'text/plain' });
    expect(await failure(dynadot.listTldCosts())).toMatchObject({ kind: 'unavailable', details: { code: '500' } });
  });

  it('a renew that went through without its new expiry, and a register answered with a maintenance page after acting, are unknown', async () => {
    fake.seedDomain('renewed.com');
    fake.actThen('renew', { body: JSON.stringify({ RenewResponse: { ResponseCode: 0, Status: 'success' } }), contentType: 'application/json' });
    expect(await failure(dynadot.renew('renewed.com', 1, 'k'))).toMatchObject({ kind: 'unavailable', details: { command: 'renew' } });
    fake.actThen('register', { body: '<html>Maintenance</html>', contentType: 'text/html' });
    expect((await failure(dynadot.register(order('acted.com')))).kind).toBe('unavailable');
    expect(fake.domains.has('acted.com')).toBe(true);
  });

  it('a body that is not JSON leaves the outcome unknown, with a message saying so, without the key', async () => {
    fake.http.override({ body: '<html><body>Maintenance</body></html>', contentType: 'text/html' });
    expect(await failure(dynadot.getInfo('a.com'))).toMatchObject({
      kind: 'unavailable', message: 'Dynadot answered domain_info with a body that is not JSON (it starts "<html><body>Maintenance</body></html>").',
    });
    fake.http.override({ body: `oops key=${DYNADOT_FAKE_KEY}` });
    expect((await failure(dynadot.getTransferCode('a.com'))).message).toContain('key=***');
    fake.http.override({ body: '["not", "an", "object"]' });
    expect((await failure(dynadot.getTransferCode('a.com'))).kind).toBe('unavailable');
  });

  it('the connection test logs each step and the failure, never the key', async () => {
    const wrong = createDynadotRegistrar(loadConfig(dynadotTestEnv(fake, 'bad-key-abcdef')))!;
    const refused = await wrong.testConnection();
    expect(refused.ok).toBe(false);
    expect(refused.log.at(-1)).toBe('Failed: Dynadot refused account_info: invalid key');
    expect(refused.log.join('\n')).not.toContain('bad-key-abcdef');
    fake.http.override({ body: '', drop: true });
    const dropped = await dynadot.testConnection();
    expect(dropped).toMatchObject({ ok: false, log: [expect.any(String), 'Failed: dynadot did not answer account_info.'] });
    const good = await dynadot.testConnection();
    expect(good.ok).toBe(true);
    expect(good.log.join('\n')).not.toContain(DYNADOT_FAKE_KEY);
  });

  it('reads ResponseCode as number or string, in the flat or the Header/Content shape, with keys in any case', async () => {
    const shapes = fc.record({
      code: fc.constantFrom<number | string>(0, '0', ' 0 '),
      header: fc.boolean(),
      keyCase: fc.constantFrom((k: string) => k, (k: string) => k.toLowerCase(), (k: string) => k.toUpperCase()),
      authCode: fc.stringMatching(/^[A-Za-z0-9]{6,16}$/),
    });
    await fc.assert(fc.asyncProperty(shapes, async ({ code, header, keyCase, authCode }) => {
      const body = header
        ? { [keyCase('GetTransferAuthCodeResponse')]: { [keyCase('GetTransferAuthCodeHeader')]: { [keyCase('SuccessCode')]: code, Status: 'success' }, [keyCase('GetTransferAuthCodeContent')]: { [keyCase('AuthCode')]: authCode } } }
        : { [keyCase('GetTransferAuthCodeResponse')]: { [keyCase('ResponseCode')]: code, Status: 'success', [keyCase('AuthCode')]: authCode } };
      fake.http.override({ body: JSON.stringify(body) });
      expect(await dynadot.getTransferCode('a.com')).toBe(authCode);
    }), { numRuns: 30 });
  });

  it('a "busy" text is unavailable whatever else the message says (it is checked before every other rule)', () => {
    fc.assert(fc.property(fc.string(), fc.string(), (before, after) => {
      expect(dynadotErrorKind('error', `${before} connection to main server is busy ${after}`)).toBe('unavailable');
    }));
    expect(dynadotErrorKind('error', 'invalid domain: connection to main server is busy')).toBe('unavailable');
  });
});
