import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeCpanel, startCpanelFake } from '../../../../../test/support/panels/cpanel.fake.ts';
import { createPanel } from '../createPanel.ts';
import { type Panel, type PanelCallRecord, PanelError, type PanelErrorKind } from '../panel.ts';

const PASSWORD = 'Xk4#pQ9!mW2^rT7*vB3z';
const createRequest = (username: string, overrides: Partial<{ domain: string; package: string; password: string }> = {}) => ({
  username, password: PASSWORD, domain: `${username}.example.org`, package: 'starter', email: 'ada@example.org', contactName: 'Ada King', serviceId: `svc-${username}`, ...overrides,
});

describe('the cPanel/WHM adapter when things go wrong', () => {
  let fake: FakeCpanel;
  let panel: Panel;
  beforeAll(async () => {
    fake = await startCpanelFake();
    panel = createPanel(fake.connection());
  });
  afterAll(async () => { await fake.close(); });
  beforeEach(() => { fake.http.requests.length = 0; });

  /** The PanelError a call ends in, checked to carry no credential and no password. */
  const failure = async (promise: Promise<unknown>, kind: PanelErrorKind, secrets: string[] = []) => {
    const error = await promise.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(PanelError);
    const panelError = error as PanelError;
    for (const secret of [...fake.secrets(), ...secrets]) expect(panelError.message).not.toContain(secret);
    expect(panelError.message).not.toMatch(/json-api|api\.version|authorization/i);
    expect({ kind: panelError.kind, panel: panelError.details.panel }).toEqual({ kind, panel: 'cpanel' });
    return panelError;
  };
  const writes = (fn: string) => fake.http.requests.filter((r) => r.path === `/json-api/${fn}`).length;

  it('a taken username: verify_new_username says no and createacct answers "exists" with WHM\'s text', async () => {
    fake.seedAccount({ username: 'takenab1' });
    expect(await panel.usernameAvailable('takenab1')).toBe(false);
    const error = await failure(panel.createAccount(createRequest('takenab1')), 'exists', [PASSWORD]);
    expect(error.message).toContain('Sorry, a group for that username already exists.');
    expect(error.details.command).toBe('createacct');
  });

  it('maps each business error to its kind with the panel\'s reason', async () => {
    fake.seedAccount({ username: 'domainb1', domain: 'shared.example' });
    expect((await failure(panel.createAccount(createRequest('planab12', { package: 'gold' })), 'not_found')).message).toContain('Sorry, "gold" is not a valid package name.');
    expect((await failure(panel.createAccount(createRequest('weakab12', { password: 'short1' })), 'refused', ['short1'])).message).toMatch(/too weak/);
    expect((await failure(panel.createAccount(createRequest('nodigitab', { password: 'nodigitsatall' })), 'refused', ['nodigitsatall'])).message).toMatch(/too weak/);
    expect((await failure(panel.createAccount(createRequest('testab12')), 'refused')).message).toContain('Usernames cannot begin with “test”.');
    expect((await failure(panel.createAccount(createRequest('bad_name')), 'refused')).message).toMatch(/only contain lowercase letters/);
    expect((await failure(panel.createAccount(createRequest('otherab1', { domain: 'shared.example' })), 'exists')).message).toMatch(/already set up/);
    const missing = { username: 'missing1', domain: null, package: null, suspended: false, suspendReason: null, email: null, ref: {} };
    await failure(panel.changePassword(missing, 'Nw8!kR2#pL5@xQ9^tZ4m'), 'not_found', ['Nw8!kR2#pL5@xQ9^tZ4m']);
    await failure(panel.changePackage(missing, 'business'), 'not_found');
    await failure(panel.loginUrl(missing, '198.51.100.7'), 'not_found');
    await failure(panel.usage(missing), 'not_found');
    fake.seedAccount({ username: 'pkgab123' });
    const account = (await panel.findAccount('pkgab123'))!;
    expect((await failure(panel.changePackage(account, 'gold'), 'not_found')).message).toContain('"gold" is not a valid package name');
    expect((await failure(panel.changePassword(account, 'pw1'), 'refused', ['pw1'])).message).toMatch(/too weak/);
  });

  it('a create the panel carried out but never answered is "unknown", and findAccount then finds exactly one account', async () => {
    fake.http.actThen({ hang: true, body: '' }, (r) => fake.isOperation(r, 'create'));
    await failure(panel.createAccount(createRequest('hangab12'), { signal: AbortSignal.timeout(300) }), 'unknown', [PASSWORD]);
    expect(await panel.findAccount('hangab12')).toMatchObject({ username: 'hangab12', domain: 'hangab12.example.org', package: 'starter' });
    expect(fake.accounts().filter((a) => a.username === 'hangab12')).toHaveLength(1);
    expect(writes('createacct')).toBe(1);
  });

  it('a write answered with a page that is not the API\'s is "unknown", never success', async () => {
    fake.http.actThen({ status: 200, contentType: 'text/html', body: '<html><body>Proxy error</body></html>' }, (r) => fake.isOperation(r, 'create'));
    await failure(panel.createAccount(createRequest('htmlab12')), 'unknown');
    fake.http.actThen({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }, (r) => fake.isOperation(r, 'suspend'));
    fake.seedAccount({ username: 'gateab12' });
    await failure(panel.suspend((await panel.findAccount('gateab12'))!, 'Overdue'), 'unknown');
    expect(fake.accounts().find((a) => a.username === 'gateab12')!.suspended).toBe(true);
  });

  it('an answer in WHM API 0\'s envelope is not taken for API 1\'s', async () => {
    fake.http.override({ contentType: 'application/json', body: JSON.stringify({ result: [{ status: 1, statusmsg: 'Account Creation Ok' }] }) });
    await failure(panel.createAccount(createRequest('api0ab12')), 'unknown');
  });

  it('suspending a suspended account and unsuspending an active one write nothing', async () => {
    fake.seedAccount({ username: 'twiceab1' });
    const account = (await panel.findAccount('twiceab1'))!;
    await panel.suspend(account, 'Overdue on Payment');
    await panel.suspend(account, 'Overdue on Payment');
    expect(writes('suspendacct')).toBe(1);
    expect(fake.accounts().find((a) => a.username === 'twiceab1')!.suspended).toBe(true);
    fake.seedAccount({ username: 'activeb1' });
    await panel.unsuspend((await panel.findAccount('activeb1'))!);
    expect(writes('unsuspendacct')).toBe(0);
  });

  it('a suspend that races another one succeeds on WHM\'s "already suspended"', async () => {
    fake.seedAccount({ username: 'raceab12' });
    const account = (await panel.findAccount('raceab12'))!;
    fake.http.overrideWhen((r) => r.path === '/json-api/accountsummary', {
      contentType: 'application/json',
      body: JSON.stringify({ data: { acct: [{ user: 'raceab12', suspended: 0, suspendreason: 'not suspended' }] }, metadata: { command: 'accountsummary', result: 1, reason: 'OK', version: 1 } }),
    });
    fake.seedAccount({ username: 'raceab12', suspended: true });
    await panel.suspend(account, 'Overdue');
    expect(writes('suspendacct')).toBe(1);
  });

  it('terminating an account that is gone throws "not_found" without a removeacct', async () => {
    const gone = { username: 'goneab12', domain: null, package: null, suspended: false, suspendReason: null, email: null, ref: {} };
    const error = await failure(panel.terminate(gone), 'not_found');
    expect(error.details.command).toBe('removeacct');
    expect(writes('removeacct')).toBe(0);
    await failure(panel.suspend(gone, 'Overdue'), 'not_found');
    await failure(panel.unsuspend(gone), 'not_found');
    expect(writes('suspendacct') + writes('unsuspendacct')).toBe(0);
  });

  it('a panel that is down is "unavailable"', async () => {
    await fake.http.down();
    try {
      await failure(panel.testConnection(), 'unavailable');
      await failure(panel.createAccount(createRequest('downab12')), 'unavailable', [PASSWORD]);
    } finally {
      await fake.http.up();
    }
    expect(fake.accounts().some((a) => a.username === 'downab12')).toBe(false);
  });

  it('wrong credentials are "auth", on reads and writes, and nothing is done', async () => {
    const wrong = createPanel(fake.wrongCredentials());
    const error = await failure(wrong.testConnection(), 'auth');
    expect(error.message).toMatch(/refused the API token/);
    await failure(wrong.createAccount(createRequest('authab12')), 'auth', [PASSWORD]);
    expect(fake.accounts().some((a) => a.username === 'authab12')).toBe(false);
  });

  it('records each call by its command and status, with no credential or password in it', async () => {
    const records: PanelCallRecord[] = [];
    const record = (call: PanelCallRecord) => { records.push(call); };
    await panel.testConnection({ record });
    await panel.createAccount(createRequest('recab123'), { record });
    await panel.createAccount(createRequest('recab123'), { record }).catch(() => null);
    await panel.changePassword((await panel.findAccount('recab123'))!, 'pw1', { record }).catch(() => null);
    await createPanel(fake.wrongCredentials()).listPackages({ record }).catch(() => null);
    fake.http.actThen({ hang: true, body: '' }, (r) => fake.isOperation(r, 'terminate'));
    await panel.terminate((await panel.findAccount('recab123'))!, { record, signal: AbortSignal.timeout(300) }).catch(() => null);
    expect(records.map((r) => [r.command, r.status, r.outcome.slice(0, 8)])).toEqual([
      ['version', 200, 'ok'], ['get_current_users_count', 200, 'ok'], ['get_maximum_users', 200, 'ok'],
      ['createacct', 200, 'ok'],
      ['createacct', 200, 'result 0'],
      ['passwd', 200, 'result 0'],
      ['listpkgs', 401, 'HTTP 401'],
      ['accountsummary', 200, 'ok'], ['removeacct', null, 'no answe'],
    ]);
    expect(records[4]!.outcome).toBe('result 0: Sorry, a group for that username already exists.');
    const written = JSON.stringify(records);
    for (const secret of [...fake.secrets(), PASSWORD, 'pw1']) expect(written).not.toContain(secret);
  });

  it('a reason that echoes the password never carries it into the error or the record', async () => {
    fake.seedAccount({ username: 'echoab12' });
    const password = 'Echo9!Secret#Value42';
    fake.http.overrideWhen((r) => r.path === '/json-api/passwd', {
      contentType: 'application/json',
      body: JSON.stringify({ metadata: { command: 'passwd', result: 0, version: 1, reason: `API failure: (XID abc123) The password “${password}” is not allowed.` } }),
    });
    const records: PanelCallRecord[] = [];
    const error = await failure(panel.changePassword((await panel.findAccount('echoab12'))!, password, { record: (c) => { records.push(c); } }), 'refused', [password]);
    expect(error.message).toBe('cPanel/WHM refused passwd: The password “***” is not allowed.');
    expect(JSON.stringify(records)).not.toContain(password);
  });
});
