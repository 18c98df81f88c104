import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type EnomFake, enomEnvelope, enomTestContact, startEnomFake } from '../../../../../test/support/registrars/enom.fake.ts';
import { loadConfig } from '../../../config.ts';
import { type Registrar, RegistrarError } from '../registrar.ts';
import { createEnomRegistrar } from './enomRegistrar.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'enom-failures-'));
const enomAt = (url: string, uid: string, pw: string) => createEnomRegistrar(loadConfig({ DATA_DIR: dataDir, ENOM_UID: uid, ENOM_PW: pw, ENOM_API_URL: url }))!;
const contact = enomTestContact('Reg');
const contacts = { registrant: contact, admin: contact, tech: contact, billing: contact };
const register = (enom: Registrar, domain: string) => enom.register({ domain, years: 1, contacts, nameservers: [], privacy: false, autoRenew: false, idempotencyKey: 'k' });

describe('Enom refusals, failures and credentials', () => {
  let fake: EnomFake;
  let enom: Registrar;
  beforeAll(async () => {
    fake = await startEnomFake();
    enom = enomAt(fake.url, fake.uid, fake.pw);
  });
  afterAll(async () => { await fake.close(); });
  beforeEach(() => { fake.domains.clear(); fake.setBalance(1000); });

  /** The RegistrarError a call ends with; its message never shows a credential. */
  const failure = async (promise: Promise<unknown>): Promise<RegistrarError> => {
    const error = await promise.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(RegistrarError);
    expect((error as Error).message).not.toContain(fake.pw);
    expect((error as Error).message).not.toContain(fake.uid);
    expect((error as RegistrarError).details.registrar).toBe('enom');
    return error as RegistrarError;
  };

  it('the factory answers null unless both ENOM_UID and ENOM_PW are set', () => {
    expect(createEnomRegistrar(loadConfig({ DATA_DIR: dataDir }))).toBeNull();
    expect(enomAt(fake.url, fake.uid, fake.pw)).toMatchObject({ id: 'enom', name: 'Enom' });
  });

  it('a wrong API token is auth, from Enom\'s "Bad User name or Password" inside an HTTP 200', async () => {
    const wrong = enomAt(fake.url, fake.uid, 'wrong-token-123');
    const error = await failure(wrong.checkAvailability(['a.com', 'b.com']));
    expect(error).toMatchObject({ kind: 'auth', message: 'Enom refused Check: Bad User name or Password', details: { command: 'Check' } });
    expect(error.message).not.toContain('wrong-token-123');
  });

  it('the connection test logs each step and why it failed, never a credential', async () => {
    const wrong = enomAt(fake.url, 'someone-else', 'wrong-token-123');
    const test = await wrong.testConnection();
    expect(test.ok).toBe(false);
    expect(test.log.at(-2)).toBe('Failed (auth): Enom refused GetBalance: Bad User name or Password');
    expect(test.log.at(-1)).toMatch(/ENOM_UID .* ENOM_PW/);
    for (const secret of ['wrong-token-123', 'someone-else', fake.pw]) expect(test.log.join('\n')).not.toContain(secret);
    fake.server.override({ body: 'down', status: 503 });
    const down = await enom.testConnection();
    expect(down).toMatchObject({ ok: false });
    expect(down.log.at(-1)).toBe('Failed (unavailable): enom answered GetBalance with HTTP 503.');
  });

  it('a name not in the account is not_found', async () => {
    expect(await failure(enom.getInfo('stranger.com'))).toMatchObject({ kind: 'not_found', message: 'Enom refused GetDomainInfo: Domain name not found' });
    expect((await failure(enom.setLock('stranger.com', true))).kind).toBe('not_found');
    expect((await failure(enom.renew('stranger.com', 1, 'k'))).kind).toBe('not_found');
  });

  it('a taken name is not_available (Err text with RRP code 540)', async () => {
    fake.setTaken('taken.com');
    expect(await failure(register(enom, 'taken.com'))).toMatchObject({ kind: 'not_available', details: { command: 'Purchase', code: '540' } });
  });

  it('an empty balance is insufficient_funds, and nothing is registered', async () => {
    fake.setBalance(1);
    expect((await failure(register(enom, 'pricey.com'))).kind).toBe('insufficient_funds');
    expect(fake.domains.has('pricey.com')).toBe(false);
  });

  it('a bad contact or nameserver is invalid', async () => {
    const badPhone = { ...contact, phone: '555-0100' };
    const error = await failure(enom.register({ domain: 'ok.com', years: 1, contacts: { ...contacts, tech: badPhone }, nameservers: [], privacy: false, autoRenew: false, idempotencyKey: 'k' }));
    expect(error).toMatchObject({ kind: 'invalid', message: 'Enom refused Purchase: Invalid TechPhone; the format is +CountryCode.PhoneNumber' });
    fake.seedDomain('ns.com');
    expect((await failure(enom.setNameservers('ns.com', ['not a host', 'ns2.x.example']))).kind).toBe('invalid');
  });

  it('maps Enom\'s six-digit response numbers before the texts', async () => {
    const cases: [string, string, string][] = [
      ['713254', 'Policy says no', 'failed'],
      ['401155', 'Something about the login', 'auth'],
      ['524181', 'Balance', 'insufficient_funds'],
      ['618150', 'Down for maintenance', 'unavailable'],
      ['216153', 'Gone', 'not_found'],
      ['215153', 'Taken', 'not_available'],
      ['304010', 'Phone', 'invalid'],
    ];
    fake.seedDomain('numbers.com');
    for (const [number, said, kind] of cases) {
      fake.server.override({ body: enomEnvelope('SetRenew', '', [said], [number]) });
      expect(await failure(enom.setAutoRenew('numbers.com', true))).toMatchObject({ kind, message: `Enom refused SetRenew: ${said}`, details: { code: number } });
    }
  });

  it('a busy answer is unavailable, whether said in text or as an RRP code', async () => {
    fake.seedDomain('busy.com');
    fake.server.override({ body: enomEnvelope('SetRenew', '', ['The server is busy. Please try again later.']) });
    expect((await failure(enom.setAutoRenew('busy.com', true))).kind).toBe('unavailable');
    fake.server.override({ body: enomEnvelope('ModifyNS', '<RRPCode>421</RRPCode><RRPText>Command failed due to server error. Client should try again</RRPText>') });
    expect(await failure(enom.setNameservers('busy.com', []))).toMatchObject({ kind: 'unavailable', details: { code: '421' } });
  });

  it('ErrCount may come as text with padding, and an error without a number or known words is failed', async () => {
    fake.server.override({ body: enomEnvelope('GetBalance', '', ['Something odd happened']).replace('<ErrCount>1</ErrCount>', '<errcount> 1 </errcount>') });
    const test = await enom.testConnection();
    expect(test.log.at(-1)).toBe('Failed (failed): Enom refused GetBalance: Something odd happened');
  });

  it('a slow answer past the time-out and an abort through the signal are unavailable', async () => {
    fake.server.override({ body: enomEnvelope('Check', ''), delayMs: 2_000 });
    const timeout = await failure(enom.checkAvailability(['slow.com'], { signal: AbortSignal.timeout(50) }));
    expect(timeout.kind).toBe('unavailable');
    const aborted = new AbortController();
    aborted.abort();
    expect((await failure(enom.getInfo('x.com', { signal: aborted.signal }))).kind).toBe('unavailable');
  });

  it('a dropped connection and an HTTP 500 are unavailable', async () => {
    fake.seedDomain('drop.com');
    fake.server.override({ body: '', drop: true });
    expect(await failure(enom.setLock('drop.com', true))).toMatchObject({ kind: 'unavailable', message: 'enom did not answer SetRegLock.' });
    fake.server.override({ body: 'Internal Server Error', status: 500 });
    expect(await failure(enom.setLock('drop.com', true))).toMatchObject({ kind: 'unavailable', details: { code: '500' } });
  });

  it('a body that is not Enom\'s XML leaves the outcome unknown, with a message that says so', async () => {
    fake.server.override({ body: '<html><body>Service Unavailable', contentType: 'text/html' });
    const html = await failure(enom.listTldCosts());
    expect(html).toMatchObject({ kind: 'unavailable', message: 'Enom answered PE_GetDomainPricing with something that is not its XML interface-response (unreadable body).' });
    fake.server.override({ body: '{"ok":true}', contentType: 'application/json' });
    expect((await failure(enom.listDomains())).kind).toBe('unavailable');
    fake.server.override({ body: '' });
    expect((await failure(enom.listDomains())).message).toContain('an empty body');
  });

  it('RRPCode 1300 (accepted, pending) is pending, an unknown outcome, and the order is held at Enom', async () => {
    fake.makeNonRealTime('later.com');
    expect(await failure(register(enom, 'later.com'))).toMatchObject({ kind: 'pending', details: { code: '1300', command: 'Purchase' } });
    expect((await failure(enom.getInfo('later.com'))).kind).toBe('not_found');
    fake.completePending('later.com');
    expect((await enom.getInfo('later.com')).domain).toBe('later.com');
  });

  it('an Extend that went through, with a GetDomainInfo that fails after it, is unknown, not a refusal', async () => {
    fake.seedDomain('extended.com');
    fake.failStatusChecks(1);
    expect(await failure(enom.renew('extended.com', 1, 'k'))).toMatchObject({ kind: 'unavailable', details: { command: 'GetDomainInfo' } });
    expect(fake.domains.get('extended.com')!.expiresAt.getUTCFullYear()).toBe(2028);
  });

  it('one failed batch marks its names; every batch failing throws', async () => {
    const names = Array.from({ length: 40 }, (_, i) => `n${i}.com`);
    fake.server.override({ body: enomEnvelope('Check', '', ['The server is busy']) });
    const results = await enom.checkAvailability(names);
    const failed = results.filter((r) => r.error !== null);
    expect(failed.length === 30 || failed.length === 10).toBe(true);
    expect(failed.every((r) => r.error === 'Enom refused Check: The server is busy' && !r.available)).toBe(true);
    fake.server.override({ body: '', status: 502 });
    fake.server.override({ body: '', status: 502 });
    expect((await failure(enom.checkAvailability(names))).kind).toBe('unavailable');
  });

  it('an Enom text that echoes a credential is scrubbed', async () => {
    fake.server.override({ body: enomEnvelope('GetBalance', '', [`Invalid login ${fake.uid} with token ${fake.pw}`]) });
    const test = await enom.testConnection();
    expect(test.log.at(-2)).toBe('Failed (auth): Enom refused GetBalance: Invalid login *** with token ***');
  });

  it('without a transfer code in the answer, getTransferCode is unsupported with a sentence saying so', async () => {
    fake.seedDomain('code.com');
    fake.server.override({ body: enomEnvelope('GetDomainAuthInfo', '<Status>Emailed</Status>') });
    expect(await failure(enom.getTransferCode('code.com'))).toMatchObject({
      kind: 'unsupported', message: 'Enom\'s API did not return the transfer code of code.com; Enom e-mails it to the registrant instead.',
    });
  });
});
