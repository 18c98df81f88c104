import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DirectadminFake, startDirectadminFake } from '../../../../../test/support/panels/directadmin.fake.ts';
import { createPanel } from '../createPanel.ts';
import type { CreateAccountRequest, Panel, PanelCallRecord } from '../panel.ts';

const request: CreateAccountRequest = {
  username: 'acmewid1', password: 'Xq7!pL2-vR9#tY4=aB6k', domain: 'acme-widgets.com', package: 'starter',
  email: 'jane@example.org', contactName: 'Jane Doe', serviceId: 'svc-4711',
};

describe('DirectAdmin adapter against its fake: every step that works', () => {
  let fake: DirectadminFake;
  let panel: Panel;
  beforeEach(async () => {
    fake = await startDirectadminFake();
    panel = createPanel(fake.connection());
  });
  afterEach(async () => { await fake.close(); });

  it('tests the connection with a read only: login test and the user count', async () => {
    fake.seedAccount({ username: 'oldhand1' });
    const records: PanelCallRecord[] = [];
    const facts = await panel.testConnection({ record: (call) => records.push(call) });
    expect(facts).toEqual({ version: null, accounts: 1, maxAccounts: null });
    expect(records.map((r) => [r.command, r.status, r.outcome])).toEqual([['CMD_API_LOGIN_TEST', 200, 'ok'], ['CMD_API_SHOW_USERS', 200, 'ok']]);
    expect(fake.http.requests.every((r) => r.method === 'GET')).toBe(true);
  });

  it('lists the packages with their limits as DirectAdmin states them', async () => {
    const packages = await panel.listPackages();
    expect(packages.map((p) => p.name)).toEqual(['starter', 'business']);
    expect(packages[0]!.limits).toMatchObject({ Disk: '1024 MB', Bandwidth: '10240 MB', Mailboxes: '5', Inodes: 'unlimited' });
    expect(packages[1]!.limits).toMatchObject({ Disk: '10240 MB', Subdomains: 'unlimited', Inodes: 'unlimited' });
  });

  it('creates an account with CMD_API_ACCOUNT_USER and answers it as the panel now has it', async () => {
    const account = await panel.createAccount(request);
    expect(account).toEqual({ username: 'acmewid1', domain: 'acme-widgets.com', package: 'starter', suspended: false, suspendReason: null, email: 'jane@example.org', ref: {} });
    expect(fake.accounts()).toEqual([{ username: 'acmewid1', domain: 'acme-widgets.com', package: 'starter', suspended: false, password: request.password, email: 'jane@example.org' }]);
    const create = fake.http.requests.find((r) => fake.isOperation(r, 'create'))!;
    expect(create).toMatchObject({ method: 'POST', path: '/CMD_API_ACCOUNT_USER' });
    expect(create.params).toMatchObject({ action: 'create', add: 'Submit', passwd2: request.password, ip: 'shared', notify: 'no' });
    expect(create.headers.authorization).toBe(`Basic ${Buffer.from(`admin:${fake.secrets()[0]}`).toString('base64')}`);
  });

  it('finds an account, or null when the panel has none; lists every account for an import', async () => {
    fake.seedAccount({ username: 'oldhand1', domain: 'old-hand.net', package: 'business', email: 'o@old-hand.net' });
    fake.seedAccount({ username: 'sleepy22', suspended: true });
    expect(await panel.findAccount('oldhand1')).toEqual({ username: 'oldhand1', domain: 'old-hand.net', package: 'business', suspended: false, suspendReason: null, email: 'o@old-hand.net', ref: {} });
    expect(await panel.findAccount('nobodyhr')).toBeNull();
    const all = await panel.listAccounts();
    expect(all.map((a) => [a.username, a.suspended])).toEqual([['oldhand1', false], ['sleepy22', true]]);
  });

  it('a username is available unless an account or a system user has it', async () => {
    fake.seedAccount({ username: 'oldhand1' });
    fake.reserveUsername('sysuser1');
    expect(await panel.usernameAvailable('freename')).toBe(true);
    expect(await panel.usernameAvailable('oldhand1')).toBe(false);
    expect(await panel.usernameAvailable('sysuser1')).toBe(false);
  });

  it('suspends with the reason, unsuspends, changes package and password', async () => {
    const account = await panel.createAccount(request);
    await panel.suspend(account, 'Overdue on payment');
    expect(await panel.findAccount('acmewid1')).toMatchObject({ suspended: true, suspendReason: 'billing: Overdue on payment' });
    await panel.unsuspend(account);
    expect(fake.accounts()[0]!.suspended).toBe(false);
    await panel.changePackage(account, 'business');
    expect(fake.accounts()[0]!.package).toBe('business');
    await panel.changePassword(account, 'N3w-pass-word-42');
    expect(fake.accounts()[0]!.password).toBe('N3w-pass-word-42');
    expect(fake.http.requests.find((r) => fake.isOperation(r, 'suspend'))!.params).toMatchObject({ location: 'CMD_SELECT_USERS', select0: 'acmewid1', reason: 'billing' });
  });

  it('terminates an account with a confirmed delete', async () => {
    const account = await panel.createAccount(request);
    await panel.terminate(account);
    expect(fake.accounts()).toEqual([]);
    expect(fake.http.requests.find((r) => fake.isOperation(r, 'terminate'))!.params).toMatchObject({ confirmed: 'Confirm', delete: 'yes', select0: 'acmewid1' });
  });

  it('hands out a one-time login URL made as admin|user, which opens that account once', async () => {
    const account = await panel.createAccount(request);
    const url = await panel.loginUrl(account, '198.51.100.7');
    const keys = fake.http.requests.find((r) => r.path === '/CMD_API_LOGIN_KEYS')!;
    expect(keys.params).toMatchObject({ action: 'create', type: 'one_time_url', expiry: '30m', login_keys_notify_on_creation: '0' });
    expect(keys.params.ips).toBeUndefined();
    expect(keys.headers.authorization).toBe(`Basic ${Buffer.from(`admin|acmewid1:${fake.secrets()[0]}`).toString('base64')}`);
    const page = await fetch(url);
    expect(await page.text()).toContain('Logged in as acmewid1');
    expect(fake.ssoAccount(url)).toBeNull();
    const second = await panel.loginUrl(account, '198.51.100.7');
    expect(fake.ssoAccount(second)).toBe('acmewid1');
    expect(fake.ssoAccount(second)).toBeNull();
  });

  it('reads usage: disk and bandwidth used and their limits in MB, mailboxes', async () => {
    const account = await panel.createAccount(request);
    expect(await panel.usage(account)).toEqual({ diskUsedMb: 42.25, diskLimitMb: 1024, bandwidthUsedMb: 321.5, bandwidthLimitMb: 10240, mailboxes: 3 });
  });
});
