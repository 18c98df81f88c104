import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PleskFake, startPleskFake } from '../../../../../test/support/panels/plesk.fake.ts';
import { FAKE_PLESK_SHARED_IP } from '../../../../../test/support/panels/pleskFakeState.ts';
import { createPanel } from '../createPanel.ts';
import type { Panel } from '../panel.ts';
import { parsePacket, textAt } from './pleskXml.ts';
import { newAccount } from '../../../../../test/support/panels/pleskTestKit.ts';

describe('the Plesk adapter against a local fake of its XML API: the lifecycle', () => {
  let fake: PleskFake;
  let plesk: Panel;
  beforeEach(async () => {
    fake = await startPleskFake();
    plesk = createPanel(fake.connection());
  });
  afterEach(async () => { await fake.close(); });

  const lastPacket = () => parsePacket(fake.http.requests.at(-1)!.body)!;

  it('creates the customer and its webspace on the plan, on a shared IP Plesk lists, and finds the account again', async () => {
    const created = await plesk.createAccount(newAccount());
    expect(created).toMatchObject({ username: 'acmewid1', domain: 'acme-widgets.com', package: 'starter', suspended: false });
    expect(fake.accounts()).toEqual([{
      username: 'acmewid1', domain: 'acme-widgets.com', package: 'starter', suspended: false, password: newAccount().password, email: 'jane@example.org',
    }]);
    const [customer] = fake.state.customers;
    expect(customer).toMatchObject({ pname: 'Jane Doe', externalId: 'svc-4711' });
    expect(fake.state.webspaces[0]).toMatchObject({ ftpLogin: 'acmewid1', ip: FAKE_PLESK_SHARED_IP, ownerId: customer!.id });
    expect(fake.http.requests.map((r) => r.headers.key)).toEqual(Array(4).fill(fake.secrets()[0]));

    const found = await plesk.findAccount('acmewid1');
    expect(found).toEqual({ ...created, ref: { customerId: String(customer!.id), webspaceId: String(fake.state.webspaces[0]!.id) } });
    expect(created.ref).toEqual(found!.ref);
    expect(await plesk.findAccount('nobody12')).toBeNull();
  });

  it('puts new webspaces on the server\'s configured shared IP without asking Plesk for one', async () => {
    fake.state.ips.push({ address: '192.0.2.50', type: 'shared' });
    plesk = createPanel({ ...fake.connection(), options: { sharedIp: '192.0.2.50' } });
    await plesk.createAccount(newAccount());
    expect(fake.state.webspaces[0]!.ip).toBe('192.0.2.50');
    expect(fake.http.requests.filter((r) => parsePacket(r.body)!.children[0]!.name === 'ip')).toEqual([]);
  });

  it('signs in with an administrator login and password as well as with a secret key', async () => {
    plesk = createPanel(fake.passwordConnection());
    await plesk.createAccount(newAccount());
    expect(fake.accounts()).toHaveLength(1);
    expect(fake.http.requests[0]!.headers).toMatchObject({ http_auth_login: 'admin', http_auth_passwd: fake.secrets()[1] });
    expect(fake.http.requests[0]!.headers.key).toBeUndefined();
  });

  it('suspends and unsuspends the subscription through its status (16, then 0)', async () => {
    const account = await plesk.createAccount(newAccount());
    await plesk.suspend(account, 'Overdue on payment');
    expect(textAt(lastPacket(), 'webspace', 'set', 'values', 'gen_setup', 'status')).toBe('16');
    expect(fake.accounts()[0]!.suspended).toBe(true);
    expect((await plesk.findAccount('acmewid1'))!.suspended).toBe(true);
    await plesk.unsuspend(account);
    expect(textAt(lastPacket(), 'webspace', 'set', 'values', 'gen_setup', 'status')).toBe('0');
    expect(fake.accounts()[0]!.suspended).toBe(false);
  });

  it('unsuspends a customer an operator disabled by hand, not only its subscription', async () => {
    fake.seedAccount({ username: 'handoff1', domain: 'handoff.example' });
    fake.state.customerByLogin('handoff1')!.status = 16;
    const account = (await plesk.findAccount('handoff1'))!;
    expect(account.suspended).toBe(true);
    await plesk.unsuspend(account);
    expect(fake.accounts()[0]!.suspended).toBe(false);
  });

  it('terminates by deleting the customer, which removes its subscription', async () => {
    const account = await plesk.createAccount(newAccount());
    await plesk.terminate(account);
    expect(textAt(lastPacket(), 'customer', 'del', 'filter', 'login')).toBe('acmewid1');
    expect(fake.accounts()).toEqual([]);
    expect(fake.state.webspaces).toEqual([]);
  });

  it('changes the plan by switching the subscription to the plan\'s GUID', async () => {
    const account = await plesk.createAccount(newAccount());
    await plesk.changePackage(account, 'business');
    const business = fake.state.planByName('business')!;
    expect(textAt(lastPacket(), 'webspace', 'switch-subscription', 'plan-guid')).toBe(business.guid);
    expect(fake.accounts()[0]!.package).toBe('business');
    expect((await plesk.findAccount('acmewid1'))!.package).toBe('business');
  });

  it('changes the customer\'s password', async () => {
    const account = await plesk.createAccount(newAccount());
    await plesk.changePassword(account, 'N3w-Pass!word-77');
    expect(fake.accounts()[0]!.password).toBe('N3w-Pass!word-77');
  });

  it('opens a one-time session bound to the customer\'s browser IP, served once', async () => {
    const account = await plesk.createAccount(newAccount());
    const url = await plesk.loginUrl(account, '203.0.113.9');
    expect(url).toMatch(new RegExp(`^${fake.http.url}/enterprise/rsession_init\\.php\\?PLESKSESSID=[0-9a-f]+$`));
    expect(textAt(lastPacket(), 'server', 'create_session', 'data', 'user_ip')).toBe(Buffer.from('203.0.113.9').toString('base64'));
    expect(fake.sessionIp(url)).toBe('203.0.113.9');
    const page = await fetch(url);
    expect(await page.text()).toContain('Logged in as acmewid1');
    expect(await (await fetch(url)).text()).toContain('Log in to Plesk');
    expect(fake.ssoAccount(url)).toBeNull();
    expect(fake.ssoAccount(await plesk.loginUrl(account, '203.0.113.9'))).toBe('acmewid1');
  });

  it('reads usage: disk from the webspace\'s areas, traffic, mailboxes and the plan\'s limits in MB', async () => {
    const account = await plesk.createAccount(newAccount());
    expect(await plesk.usage(account)).toEqual({ diskUsedMb: 15, diskLimitMb: 1024, bandwidthUsedMb: 40, bandwidthLimitMb: 10240, mailboxes: 2 });
  });

  it('lists every account for the import, with its plan, state and contact', async () => {
    fake.seedAccount({ username: 'oldsite1', domain: 'old-site.example', package: 'business', suspended: true, email: 'old@example.org' });
    fake.seedAccount({ username: 'bare0001', domain: null });
    await plesk.createAccount(newAccount());
    const accounts = await plesk.listAccounts();
    expect(accounts.map(({ ref: _ref, ...rest }) => rest)).toEqual([
      { username: 'oldsite1', domain: 'old-site.example', package: 'business', suspended: true, suspendReason: null, email: 'old@example.org' },
      { username: 'bare0001', domain: null, package: null, suspended: false, suspendReason: null, email: 'bare0001@example.org' },
      { username: 'acmewid1', domain: 'acme-widgets.com', package: 'starter', suspended: false, suspendReason: null, email: 'jane@example.org' },
    ]);
    await fake.close();
    fake = await startPleskFake();
    expect(await createPanel(fake.connection()).listAccounts()).toEqual([]);
  });

  it('lists the service plans with their limits', async () => {
    fake.addPackage('reseller-x');
    const packages = await plesk.listPackages();
    expect(packages.map((p) => p.name)).toEqual(['starter', 'business', 'reseller-x']);
    expect(packages[0]!.limits).toEqual({ Disk: '1024 MB', Traffic: '10240 MB', Sites: '1', Mailboxes: '5' });
    expect(packages[1]!.limits.Mailboxes).toBe('unlimited');
  });

  it('tests the connection read-only: version, customer count and the licence\'s customer limit', async () => {
    fake.seedAccount({ username: 'oldsite1' });
    expect(await plesk.testConnection()).toEqual({ version: '18.0.61', accounts: 1, maxAccounts: 100 });
    expect(fake.http.requests.map((r) => parsePacket(r.body)!.children[0]!.children[0]!.name)).toEqual(['get']);
  });

  it('tells a free username from a taken customer login, a system user and a name Plesk refuses', async () => {
    fake.seedAccount({ username: 'takenone' });
    fake.reserveUsername('sysuser1');
    expect(await plesk.usernameAvailable('freename')).toBe(true);
    expect(await plesk.usernameAvailable('takenone')).toBe(false);
    expect(await plesk.usernameAvailable('sysuser1')).toBe(false);
    expect(await plesk.usernameAvailable('root')).toBe(false);
  });
});
