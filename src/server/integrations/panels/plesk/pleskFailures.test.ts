import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PleskFake, startPleskFake } from '../../../../../test/support/panels/plesk.fake.ts';
import { createPanel } from '../createPanel.ts';
import type { Panel } from '../panel.ts';
import { parsePacket } from './pleskXml.ts';
import { expectPanelError, newAccount, recorder } from '../../../../../test/support/panels/pleskTestKit.ts';

const password = newAccount().password;

describe('the Plesk adapter against a local fake of its XML API: failures', () => {
  let fake: PleskFake;
  let plesk: Panel;
  beforeEach(async () => {
    fake = await startPleskFake();
    plesk = createPanel(fake.connection());
  });
  afterEach(async () => { await fake.close(); });

  const commands = () => fake.http.requests.map((r) => parsePacket(r.body)!.children.map((o) => `${o.name}.${o.children[0]!.name}`).join('+'));

  it('a taken username: usernameAvailable is false and create is \'exists\' with Plesk\'s text, nothing else made', async () => {
    fake.seedAccount({ username: 'acmewid1', domain: 'first.example' });
    expect(await plesk.usernameAvailable('acmewid1')).toBe(false);
    await expectPanelError(fake, plesk.createAccount(newAccount()), 'exists', /already exists.*error 1002/, [password]);
    expect(fake.accounts()).toHaveLength(1);
    expect(fake.state.webspaces.map((w) => w.name)).toEqual(['first.example']);
  });

  it('a domain that another customer holds: \'exists\' (1007), and the customer made for it is deleted again', async () => {
    fake.seedAccount({ username: 'someone1', domain: 'acme-widgets.com' });
    await expectPanelError(fake, plesk.createAccount(newAccount()), 'exists', /Domain acme-widgets\.com already exists.*1007/, [password]);
    expect(fake.accounts().map((a) => a.username)).toEqual(['someone1']);
    expect(commands()).toEqual(['customer.get+webspace.get+service-plan.get', 'ip.get', 'customer.add', 'webspace.add', 'customer.del']);
  });

  it('a system user holding the name: the webspace is refused with \'exists\' and the customer is undone', async () => {
    fake.reserveUsername('acmewid1');
    expect(await plesk.usernameAvailable('acmewid1')).toBe(false);
    await expectPanelError(fake, plesk.createAccount(newAccount()), 'exists', /System user acmewid1 already exists/, [password]);
    expect(fake.accounts()).toEqual([]);
  });

  it('an unknown plan: \'not_found\' with Plesk\'s text, and no customer is left behind', async () => {
    await expectPanelError(fake, plesk.createAccount(newAccount({ package: 'gold' })), 'not_found', /Service plan "gold" does not exist.*1013/, [password]);
    expect(fake.accounts()).toEqual([]);
  });

  it('a weak password or an invalid username: \'refused\' (1019) with the reason, the password never in the message', async () => {
    await expectPanelError(fake, plesk.createAccount(newAccount({ password: 'abcdefghij' })), 'refused', /too weak.*1019/, ['abcdefghij']);
    await expectPanelError(fake, plesk.createAccount(newAccount({ password: 'Ab1' })), 'refused', /too weak/, ['Ab1']);
    await expectPanelError(fake, plesk.createAccount(newAccount({ username: '-bad name' })), 'refused', /Invalid value of the login.*1019/, [password]);
    expect(fake.accounts()).toEqual([]);
    const account = await plesk.createAccount(newAccount());
    await expectPanelError(fake, plesk.changePassword(account, 'weakpassword'), 'refused', /too weak/, ['weakpassword']);
    expect(fake.accounts()[0]!.password).toBe(password);
  });

  it('hides a password the panel echoes back in its reason text, in the error and in the call record', async () => {
    fake.http.overrideWhen((r) => fake.isOperation(r, 'changePassword'), {
      body: '<packet><customer><set><result><status>error</status><errcode>1019</errcode><errtext>Bad password Zz9-echoed-back</errtext></result></set></customer></packet>',
    });
    fake.seedAccount({ username: 'echoed01' });
    const { calls, record } = recorder();
    const account = (await plesk.findAccount('echoed01'))!;
    const error = await expectPanelError(fake, plesk.changePassword(account, 'Zz9-echoed-back', { record }), 'refused', /Bad password \[hidden\]/, ['Zz9-echoed-back']);
    expect(error.details).toEqual({ panel: 'plesk', command: 'customer.set', code: '1019' });
    expect(calls.map((c) => c.outcome)).toEqual(['error 1019: Bad password [hidden]']);
  });

  it('a create that Plesk carries out but never answers: \'unknown\', then findAccount finds exactly one account', async () => {
    fake.http.actThen({ hang: true, body: '' }, (r) => fake.isOperation(r, 'create'));
    await expectPanelError(fake, plesk.createAccount(newAccount(), { signal: AbortSignal.timeout(300) }), 'unknown', /may have acted/, [password]);
    expect(commands().slice(1)).toEqual(['ip.get', 'customer.add', 'webspace.add']);
    const found = await plesk.findAccount('acmewid1');
    expect(found).toMatchObject({ username: 'acmewid1', domain: 'acme-widgets.com', package: 'starter', suspended: false });
    expect(fake.accounts()).toHaveLength(1);
    fake.http.requests.length = 0;
    expect(await plesk.createAccount(newAccount())).toEqual(found);
    expect(commands()).toEqual(['customer.get+webspace.get+service-plan.get']);
  });

  it('a retry after the customer step\'s answer was lost adds only the webspace to the customer made for this service', async () => {
    fake.http.actThen({ hang: true, body: '' }, (r) => r.body.includes('<customer><add>'));
    await expectPanelError(fake, plesk.createAccount(newAccount(), { signal: AbortSignal.timeout(300) }), 'unknown', /customer\.add/, [password]);
    expect(fake.accounts()).toMatchObject([{ username: 'acmewid1', domain: null }]);
    const created = await plesk.createAccount(newAccount());
    expect(created).toEqual(await plesk.findAccount('acmewid1'));
    expect(fake.accounts()).toMatchObject([{ username: 'acmewid1', domain: 'acme-widgets.com', package: 'starter' }]);
    await expectPanelError(fake, plesk.createAccount(newAccount({ serviceId: 'svc-9999', domain: 'other.example' })), 'exists', /1002/, [password]);
    await expectPanelError(fake, plesk.createAccount(newAccount({ domain: 'other.example' })), 'exists', /already holds another subscription/, [password]);
    expect(fake.state.webspaces.map((w) => w.name)).toEqual(['acme-widgets.com']);
  });

  it('an answer that is not the API\'s (an HTML page) on a write is \'unknown\'', async () => {
    const account = await plesk.createAccount(newAccount());
    fake.http.actThen({ status: 502, contentType: 'text/html', body: '<html><body>Bad gateway</body></html>' }, (r) => fake.isOperation(r, 'terminate'));
    await expectPanelError(fake, plesk.terminate(account), 'unknown', /not its API's answer \(HTTP 502\)/);
    fake.http.actThen({ body: 'garbage' }, (r) => fake.isOperation(r, 'changePackage'));
    await expectPanelError(fake, plesk.changePackage((await plesk.createAccount(newAccount({ username: 'second01', domain: 'second.example' }))), 'business'), 'unknown', /HTTP 200/);
  });

  it('suspend twice and unsuspend an active account write nothing the second time', async () => {
    const account = await plesk.createAccount(newAccount());
    await plesk.unsuspend(account);
    await plesk.suspend(account, 'Overdue');
    await plesk.suspend(account, 'Overdue');
    const writes = fake.http.requests.filter((r) => fake.isOperation(r, 'suspend') || fake.isOperation(r, 'unsuspend'));
    expect(writes).toHaveLength(1);
    expect(fake.accounts()[0]!.suspended).toBe(true);
  });

  it('suspending an account without a subscription disables the customer', async () => {
    fake.seedAccount({ username: 'bare0001', domain: null });
    const account = (await plesk.findAccount('bare0001'))!;
    await plesk.suspend(account, 'Overdue');
    expect(fake.state.customerByLogin('bare0001')!.status).toBe(16);
    await plesk.unsuspend(account);
    expect(fake.state.customerByLogin('bare0001')!.status).toBe(0);
  });

  it('terminate of an account already gone is \'not_found\' and deletes nothing else', async () => {
    fake.seedAccount({ username: 'keepme01' });
    const account = await plesk.createAccount(newAccount());
    await plesk.terminate(account);
    await expectPanelError(fake, plesk.terminate(account), 'not_found', /does not exist.*1013/);
    expect(fake.accounts().map((a) => a.username)).toEqual(['keepme01']);
    await expectPanelError(fake, plesk.suspend(account, 'x'), 'not_found', /no customer "acmewid1"/);
    await expectPanelError(fake, plesk.changePackage(account, 'nosuchplan'), 'not_found', /1013/);
  });

  it('a panel that is down is \'unavailable\'', async () => {
    await fake.http.down();
    const { calls, record } = recorder();
    await expectPanelError(fake, plesk.testConnection({ record }), 'unavailable', /could not be reached/);
    expect(calls.map((c) => `${c.command} ${c.status} ${c.outcome}`)).toEqual(['server.get null not reachable']);
    await expectPanelError(fake, plesk.createAccount(newAccount()), 'unavailable', /could not be reached/, [password]);
    await fake.http.up();
    expect((await plesk.testConnection()).version).toBe('18.0.61');
  });

  it('wrong credentials are \'auth\' with Plesk\'s system-level 1001, for a key and for a login and password', async () => {
    await expectPanelError(fake, createPanel(fake.wrongCredentials()).testConnection(), 'auth', /Authentication failed.*1001/);
    const connection = fake.passwordConnection();
    const wrongPassword = { ...connection, credentials: { kind: 'plesk' as const, login: 'admin', password: 'not-it-77' } };
    await expectPanelError(fake, createPanel(wrongPassword).listAccounts(), 'auth', /1001/, ['not-it-77']);
  });

  it('call records name each command and status, and hold no credential or password', async () => {
    const { calls, record } = recorder();
    const account = await plesk.createAccount(newAccount(), { record });
    await plesk.changePassword(account, 'An0ther-Secret-9', { record });
    await plesk.loginUrl(account, '203.0.113.9', { record });
    await plesk.terminate(account, { record }).catch(() => undefined);
    await plesk.terminate(account, { record }).catch(() => undefined);
    fake.http.override({ body: 'garbage' });
    await plesk.testConnection({ record }).catch(() => undefined);
    expect(calls.map((c) => `${c.command} ${c.status} ${c.outcome}`)).toEqual([
      'customer.get+webspace.get 200 error 1013: Client does not exist', 'ip.get 200 ok', 'customer.add 200 ok', 'webspace.add 200 ok', 'customer.set 200 ok', 'server.create_session 200 ok',
      'customer.del 200 ok', 'customer.del 200 error 1013: Client does not exist',
      'server.get 200 not an API answer',
    ]);
    const text = JSON.stringify(calls);
    for (const secret of [...fake.secrets(), password, 'An0ther-Secret-9']) expect(text).not.toContain(secret);
  });
});
