import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CPANEL_FAKE_TOKEN, CPANEL_FAKE_USER, type FakeCpanel, startCpanelFake } from '../../../../../test/support/panels/cpanel.fake.ts';

/** The fake refuses what WHM refuses, so it cannot drift into accepting a request the real panel turns down. */
describe('the cPanel/WHM fake', () => {
  let fake: FakeCpanel;
  const auth = { authorization: `whm ${CPANEL_FAKE_USER}:${CPANEL_FAKE_TOKEN}` };
  beforeAll(async () => { fake = await startCpanelFake(); });
  afterAll(async () => { await fake.close(); });

  const call = async (path: string, init: { headers?: Record<string, string>; form?: Record<string, string> } = {}) => {
    const response = await fetch(`${fake.http.url}${path}`, {
      method: init.form ? 'POST' : 'GET',
      headers: { ...(init.headers ?? auth), ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    const text = await response.text();
    return { status: response.status, text, json: () => JSON.parse(text) as Record<string, any> };
  };

  it('turns away a request without the whm header, with a wrong token or with Basic auth, running nothing', async () => {
    const basic = `Basic ${Buffer.from(`${CPANEL_FAKE_USER}:${CPANEL_FAKE_TOKEN}`).toString('base64')}`;
    const refused: Record<string, string>[] = [{}, { authorization: `whm ${CPANEL_FAKE_USER}:WRONGTOKEN` }, { authorization: basic }, { authorization: `whm reseller:${CPANEL_FAKE_TOKEN}` }];
    for (const headers of refused) {
      const answer = await call('/json-api/createacct?api.version=1', { headers, form: { username: 'sneakab1', domain: 'sneak.example', plan: 'starter', password: 'Secret123!' } });
      expect(answer.status).toBe(401);
      expect(answer.text).toContain('Access denied');
    }
    expect(fake.accounts().some((a) => a.username === 'sneakab1')).toBe(false);
  });

  it('answers in WHM API 0\'s envelopes without api.version=1, and still acts', async () => {
    expect((await call('/json-api/listpkgs')).json()).toEqual({ package: expect.arrayContaining([expect.objectContaining({ name: 'starter' })]) });
    expect((await call('/json-api/version')).json()).toEqual({ version: expect.any(String) });
    const created = (await call('/json-api/createacct', { form: { username: 'apizero1', domain: 'apizero.example', plan: 'starter', password: 'Secret123!' } })).json();
    expect(created).toEqual({ result: [expect.objectContaining({ status: 1, statusmsg: 'Account Creation Ok' })] });
    expect(created.metadata).toBeUndefined();
    expect(fake.accounts().some((a) => a.username === 'apizero1')).toBe(true);
  });

  it('states business errors inside HTTP 200 with metadata.result 0 and WHM\'s reasons', async () => {
    const reasonOf = async (path: string, form?: Record<string, string>) => {
      const answer = await call(path, { form });
      expect(answer.status).toBe(200);
      const { metadata } = answer.json();
      expect(metadata).toMatchObject({ result: 0, version: 1 });
      return metadata.reason as string;
    };
    fake.seedAccount({ username: 'existab1', suspended: true });
    expect(await reasonOf('/json-api/createacct?api.version=1', { username: 'existab1', domain: 'new.example', plan: 'starter', password: 'Secret123!' }))
      .toBe('Sorry, a group for that username already exists.');
    expect(await reasonOf('/json-api/createacct?api.version=1', { username: 'planab12', domain: 'plan.example', plan: 'gold', password: 'Secret123!' }))
      .toBe('Sorry, "gold" is not a valid package name.');
    expect(await reasonOf('/json-api/createacct?api.version=1', { username: 'weakab12', domain: 'weak.example', plan: 'starter', password: 'NoDigits!' })).toMatch(/too weak/);
    expect(await reasonOf('/json-api/createacct?api.version=1', { username: '9lives', domain: 'nine.example', plan: 'starter', password: 'Secret123!' })).toMatch(/begin with a digit/);
    expect(await reasonOf('/json-api/suspendacct?api.version=1', { user: 'existab1', reason: 'again' })).toMatch(/already suspended/);
    expect(await reasonOf('/json-api/removeacct?api.version=1', { username: 'absentab' })).toMatch(/does not exist/);
    expect(await reasonOf('/json-api/removeacct?api.version=1', { username: 'existab1', keepdns: 'false' })).toMatch(/1 or 0/);
    expect(await reasonOf('/json-api/accountsummary?api.version=1')).toBe('You must specify a user or domain to get a summary of.');
    expect(await reasonOf('/json-api/verify_new_username?api.version=1&user=existab1')).toContain('already has');
    expect(await reasonOf('/json-api/nosuchfunction?api.version=1')).toMatch(/Unknown app/);
    expect(fake.accounts().find((a) => a.username === 'existab1')).toMatchObject({ suspended: true });
  });

  it('serves only the login URLs it issued, each once', async () => {
    fake.seedAccount({ username: 'loginab1' });
    const { data } = (await call('/json-api/create_user_session?api.version=1', { form: { user: 'loginab1', service: 'cpaneld' } })).json();
    const forged = String(data.url).replace(/session=[^&]+/, 'session=loginab1%3Adeadbeef');
    expect((await fetch(forged)).status).toBe(401);
    expect(fake.ssoAccount(forged)).toBeNull();
    expect(await (await fetch(String(data.url))).text()).toContain('Logged in as loginab1');
    expect(fake.ssoAccount(String(data.url))).toBeNull();
  });

  it('recognises the request that carries out each operation', async () => {
    const request = (path: string) => ({ method: 'POST', path, params: {}, headers: {}, body: '' });
    expect(fake.isOperation(request('/json-api/createacct'), 'create')).toBe(true);
    expect(fake.isOperation(request('/json-api/suspendacct'), 'suspend')).toBe(true);
    expect(fake.isOperation(request('/json-api/unsuspendacct'), 'unsuspend')).toBe(true);
    expect(fake.isOperation(request('/json-api/removeacct'), 'terminate')).toBe(true);
    expect(fake.isOperation(request('/json-api/changepackage'), 'changePackage')).toBe(true);
    expect(fake.isOperation(request('/json-api/passwd'), 'changePassword')).toBe(true);
    expect(fake.isOperation(request('/json-api/accountsummary'), 'create')).toBe(false);
  });
});
