import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CPANEL_FAKE_TOKEN, CPANEL_FAKE_USER, type FakeCpanel, startCpanelFake } from '../../../../../test/support/panels/cpanel.fake.ts';
import { createPanel } from '../createPanel.ts';
import type { Panel, PanelAccount } from '../panel.ts';
import { megabytes } from './whmAccount.ts';

const request = {
  username: 'shopab12', password: 'Xk4#pQ9!mW2^rT7*vB3z', domain: 'shop.example.org', package: 'business',
  email: 'ada@example.org', contactName: 'Ada King', serviceId: 'svc-1',
};

describe('the cPanel/WHM adapter against the fake WHM API 1', () => {
  let fake: FakeCpanel;
  let panel: Panel;
  beforeAll(async () => {
    fake = await startCpanelFake();
    panel = createPanel(fake.connection());
  });
  afterAll(async () => { await fake.close(); });
  // Each test names accounts of its own; only the request log starts afresh.
  beforeEach(() => { fake.http.requests.length = 0; });

  const lastCall = () => fake.http.requests.at(-1)!;
  const accountNamed = async (username: string): Promise<PanelAccount> => (await panel.findAccount(username))!;

  it('tests the connection read-only: version, accounts on the server and the licence limit', async () => {
    fake.seedAccount({ username: 'tcone001' });
    fake.setMaximumUsers(0);
    const unlimited = await panel.testConnection();
    expect(unlimited).toEqual({ version: '11.118.0.9', accounts: fake.accounts().length, maxAccounts: null });
    fake.setMaximumUsers(100);
    expect((await panel.testConnection()).maxAccounts).toBe(100);
    expect(fake.http.requests.map((r) => r.path)).toEqual(expect.arrayContaining(['/json-api/version', '/json-api/get_current_users_count', '/json-api/get_maximum_users']));
    expect(fake.http.requests.every((r) => r.method === 'GET' && r.params['api.version'] === '1')).toBe(true);
    expect(lastCall().headers.authorization).toBe(`whm ${CPANEL_FAKE_USER}:${CPANEL_FAKE_TOKEN}`);
  });

  it('lists the packages with their limits as WHM states them', async () => {
    const packages = await panel.listPackages();
    expect(packages.map((p) => p.name)).toEqual(expect.arrayContaining(['starter', 'business']));
    expect(packages.find((p) => p.name === 'starter')!.limits).toMatchObject({ Disk: '5120 MB', Bandwidth: '51200 MB', Mailboxes: '10' });
    expect(packages.find((p) => p.name === 'business')!.limits).toMatchObject({ Disk: '51200 MB', Bandwidth: 'unlimited' });
  });

  it('creates an account with createacct as a POST form, api.version=1 in the query and the password only in the body', async () => {
    const account = await panel.createAccount(request);
    expect(account).toEqual({
      username: 'shopab12', domain: 'shop.example.org', package: 'business', suspended: false, suspendReason: null, email: 'ada@example.org', ref: {},
    });
    const call = lastCall();
    expect(call).toMatchObject({ method: 'POST', path: '/json-api/createacct' });
    expect(call.params).toMatchObject({
      'api.version': '1', username: 'shopab12', domain: 'shop.example.org', plan: 'business', password: request.password, contactemail: 'ada@example.org',
    });
    expect(new URLSearchParams(call.body).get('api.version')).toBeNull();
    expect(fake.accounts().find((a) => a.username === 'shopab12')).toMatchObject({ package: 'business', password: request.password, suspended: false });
  });

  it('finds an account by its username, and answers null for one the panel does not have', async () => {
    fake.seedAccount({ username: 'findme01', domain: 'findme.example', package: 'starter', email: 'owner@example.net', suspended: true });
    expect(await panel.findAccount('findme01')).toEqual({
      username: 'findme01', domain: 'findme.example', package: 'starter', suspended: true, suspendReason: 'Unknown', email: 'owner@example.net', ref: {},
    });
    expect(fake.http.requests.at(-1)).toMatchObject({ method: 'GET', path: '/json-api/accountsummary', params: { user: 'findme01' } });
    expect(await panel.findAccount('nobodyhr')).toBeNull();
  });

  it('says whether a username is free: taken by an account or a system user is not', async () => {
    fake.seedAccount({ username: 'takenab1' });
    fake.reserveUsername('sysuser1');
    expect(await panel.usernameAvailable('freeab12')).toBe(true);
    expect(lastCall()).toMatchObject({ path: '/json-api/verify_new_username', params: { user: 'freeab12' } });
    expect(await panel.usernameAvailable('takenab1')).toBe(false);
    expect(await panel.usernameAvailable('sysuser1')).toBe(false);
    expect(await panel.usernameAvailable('testab12')).toBe(false);
  });

  it('lists every account for the import', async () => {
    fake.seedAccount({ username: 'importa1', domain: 'a.example', package: 'starter', email: 'a@example.net' });
    fake.seedAccount({ username: 'importb2', domain: 'b.example', package: 'business', suspended: true });
    const listed = await panel.listAccounts();
    expect(listed).toEqual(expect.arrayContaining([
      { username: 'importa1', domain: 'a.example', package: 'starter', suspended: false, suspendReason: null, email: 'a@example.net', ref: {} },
      { username: 'importb2', domain: 'b.example', package: 'business', suspended: true, suspendReason: 'Unknown', email: null, ref: {} },
    ]));
    expect(listed).toHaveLength(fake.accounts().length);
    expect(lastCall()).toMatchObject({ method: 'GET', path: '/json-api/listaccts' });
  });

  it('suspends with the reason, unsuspends, changes the package and the password', async () => {
    fake.seedAccount({ username: 'lifeab12', package: 'starter' });
    const account = await accountNamed('lifeab12');
    await panel.suspend(account, 'Overdue on Payment');
    expect(lastCall()).toMatchObject({ method: 'POST', path: '/json-api/suspendacct', params: { user: 'lifeab12', reason: 'Overdue on Payment', disallowun: '0' } });
    expect(await panel.findAccount('lifeab12')).toMatchObject({ suspended: true, suspendReason: 'Overdue on Payment' });
    await panel.unsuspend(account);
    expect(lastCall()).toMatchObject({ method: 'POST', path: '/json-api/unsuspendacct', params: { user: 'lifeab12' } });
    expect(await panel.findAccount('lifeab12')).toMatchObject({ suspended: false, suspendReason: null });
    await panel.changePackage(account, 'business');
    expect(lastCall()).toMatchObject({ method: 'POST', path: '/json-api/changepackage', params: { user: 'lifeab12', pkg: 'business' } });
    await panel.changePassword(account, 'Nw8!kR2#pL5@xQ9^tZ4m');
    expect(lastCall()).toMatchObject({ method: 'POST', path: '/json-api/passwd', params: { user: 'lifeab12' } });
    expect(fake.accounts().find((a) => a.username === 'lifeab12')).toMatchObject({ package: 'business', password: 'Nw8!kR2#pL5@xQ9^tZ4m', suspended: false });
  });

  it('terminates with removeacct, booleans as 0/1', async () => {
    fake.seedAccount({ username: 'goneab12' });
    await panel.terminate(await accountNamed('goneab12'));
    expect(lastCall()).toMatchObject({ method: 'POST', path: '/json-api/removeacct', params: { username: 'goneab12', keepdns: '0' } });
    expect(fake.accounts().some((a) => a.username === 'goneab12')).toBe(false);
  });

  it('hands out a cPanel login URL from create_user_session that opens the account once', async () => {
    fake.seedAccount({ username: 'ssoab123' });
    const url = await panel.loginUrl(await accountNamed('ssoab123'), '198.51.100.7');
    expect(lastCall()).toMatchObject({ method: 'POST', path: '/json-api/create_user_session', params: { user: 'ssoab123', service: 'cpaneld' } });
    expect(url).toMatch(/\/cpsess\d{10}\/login\/\?session=ssoab123%3A/);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Logged in as ssoab123');
    expect((await fetch(url)).status).toBe(401);
    const second = await panel.loginUrl(await accountNamed('ssoab123'), '198.51.100.7');
    expect(fake.ssoAccount(second)).toBe('ssoab123');
    expect(fake.ssoAccount(second)).toBeNull();
  });

  it('reads usage: disk from accountsummary, bandwidth from showbw, in megabytes', async () => {
    fake.seedAccount({ username: 'usageab1', package: 'starter' });
    fake.setUsage('usageab1', { diskUsedMb: 14, bandwidthBytes: 3 * 1_048_576 });
    expect(await panel.usage(await accountNamed('usageab1'))).toEqual({
      diskUsedMb: 14, diskLimitMb: 5120, bandwidthUsedMb: 3, bandwidthLimitMb: 51200, mailboxes: null,
    });
    expect(lastCall()).toMatchObject({ path: '/json-api/showbw', params: { searchtype: 'user', search: 'usageab1' } });
    fake.seedAccount({ username: 'usageab2', package: 'business' });
    expect(await panel.usage(await accountNamed('usageab2'))).toMatchObject({ diskLimitMb: 51200, bandwidthLimitMb: null });
  });

  it('reads sizes the way WHM prints them', () => {
    expect(megabytes('14M')).toBe(14);
    expect(megabytes('1.5G')).toBe(1536);
    expect(megabytes('512K')).toBe(0.5);
    expect(megabytes('unlimited')).toBeNull();
    expect(megabytes(undefined)).toBeNull();
  });
});
