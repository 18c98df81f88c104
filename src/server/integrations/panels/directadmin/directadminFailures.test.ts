import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DirectadminFake, startDirectadminFake } from '../../../../../test/support/panels/directadmin.fake.ts';
import { createPanel } from '../createPanel.ts';
import { type CreateAccountRequest, type Panel, type PanelCallRecord, PanelError, type PanelErrorKind } from '../panel.ts';

const PASSWORD = 'Xq7!pL2-vR9#tY4=aB6k';
const request: CreateAccountRequest = {
  username: 'acmewid1', password: PASSWORD, domain: 'acme-widgets.com', package: 'starter',
  email: 'jane@example.org', contactName: 'Jane Doe', serviceId: 'svc-4711',
};

describe('DirectAdmin adapter: refusals, lost answers, toggles and secrets', () => {
  let fake: DirectadminFake;
  let panel: Panel;
  let records: PanelCallRecord[];
  const record = (call: PanelCallRecord) => { records.push(call); };
  beforeEach(async () => {
    fake = await startDirectadminFake();
    panel = createPanel(fake.connection());
    records = [];
  });
  afterEach(async () => {
    // Whatever a test did, no call record carries a credential or an account's password.
    const logged = JSON.stringify(records);
    for (const secret of [...fake.secrets(), PASSWORD]) expect(logged).not.toContain(secret);
    await fake.close();
  });

  /** The PanelError a call ends with, after checking its message holds no secret and no password. */
  const failure = async (promise: Promise<unknown>, kind: PanelErrorKind): Promise<PanelError> => {
    const error = await promise.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(PanelError);
    const panelError = error as PanelError;
    for (const secret of [...fake.secrets(), PASSWORD]) expect(panelError.message).not.toContain(secret);
    expect(panelError.message).not.toMatch(/https?:\/\//);
    expect(panelError.details.panel).toBe('directadmin');
    expect(panelError.kind).toBe(kind);
    return panelError;
  };
  const writes = (operation: Parameters<DirectadminFake['isOperation']>[1]) => fake.http.requests.filter((r) => fake.isOperation(r, operation)).length;

  it('a taken username: not available, and create is exists with the panel\'s words', async () => {
    fake.seedAccount({ username: 'acmewid1', domain: 'other.example' });
    expect(await panel.usernameAvailable('acmewid1')).toBe(false);
    const error = await failure(panel.createAccount(request, { record }), 'exists');
    expect(error.message).toBe('DirectAdmin refused CMD_API_ACCOUNT_USER: Unable to Create User: That username already exists on the system');
    expect(records.at(0)).toMatchObject({ command: 'CMD_API_ACCOUNT_USER', status: 200, outcome: 'ok' });
  });

  it('a domain already on the server is exists; an unknown package, a weak password, an invalid username are refused', async () => {
    fake.seedAccount({ username: 'oldhand1', domain: 'acme-widgets.com' });
    expect((await failure(panel.createAccount(request), 'exists')).message).toContain('That domain already exists');
    const fresh = { ...request, domain: 'fresh.example' };
    expect((await failure(panel.createAccount({ ...fresh, package: 'gold' }), 'refused')).message).toContain("The package gold doesn't exist");
    // The panel's apostrophe comes as the unterminated entity &#39 and still reads right.
    expect((await failure(panel.createAccount({ ...fresh, password: 'short1' }), 'refused')).message)
      .toBe("DirectAdmin refused CMD_API_ACCOUNT_USER: Unable to Create User: The password isn't strong enough: use at least 8 characters with a digit");
    await failure(panel.createAccount({ ...fresh, password: 'no-digits-in-here' }), 'refused');
    expect((await failure(panel.createAccount({ ...fresh, username: '1bad' }), 'refused')).message).toContain('Invalid username');
    expect(fake.accounts().map((a) => a.username)).toEqual(['oldhand1']);
  });

  it('a refusal that echoes the password or the login key never carries them into the message', async () => {
    const [key] = fake.secrets();
    fake.http.overrideWhen((r) => fake.isOperation(r, 'create'), {
      contentType: 'text/plain',
      body: `error=1&text=Unable%20to%20Create%20User&details=${encodeURIComponent(`Password ${PASSWORD} rejected for key ${key}`)}`,
    });
    const error = await failure(panel.createAccount(request), 'refused');
    expect(error.message).toBe('DirectAdmin refused CMD_API_ACCOUNT_USER: Unable to Create User: Password *** rejected for key ***');
  });

  it('a system user\'s name is exists on create and not available', async () => {
    fake.reserveUsername('acmewid1');
    expect(await panel.usernameAvailable('acmewid1')).toBe(false);
    await failure(panel.createAccount(request), 'exists');
  });

  it('steps on a missing account are not_found; a package change to an unknown package is refused; a weak new password is refused', async () => {
    const ghost = { username: 'ghost001', domain: null, package: null, suspended: false, suspendReason: null, email: null, ref: {} };
    await failure(panel.suspend(ghost, 'abuse'), 'not_found');
    await failure(panel.changePackage(ghost, 'business'), 'not_found');
    await failure(panel.changePassword(ghost, 'Good-pass-123'), 'not_found');
    await failure(panel.loginUrl(ghost, '198.51.100.7'), 'not_found');
    const account = await panel.createAccount(request);
    await failure(panel.changePackage(account, 'gold'), 'refused');
    await failure(panel.changePassword(account, 'weakpass'), 'refused');
    expect(fake.accounts()[0]).toMatchObject({ package: 'starter', password: PASSWORD });
  });

  it('a create the panel carried out but never answered is unknown; findAccount then finds exactly one account', async () => {
    fake.http.actThen({ hang: true, body: '' }, (r) => fake.isOperation(r, 'create'));
    const error = await failure(panel.createAccount(request, { signal: AbortSignal.timeout(300), record }), 'unknown');
    expect(error.details.command).toBe('CMD_API_ACCOUNT_USER');
    expect(records).toEqual([expect.objectContaining({ command: 'CMD_API_ACCOUNT_USER', status: null, outcome: 'no answer' })]);
    expect(await panel.findAccount('acmewid1')).toMatchObject({ username: 'acmewid1', domain: 'acme-widgets.com', package: 'starter' });
    expect(fake.accounts()).toHaveLength(1);
  });

  it('a create answered with an HTML error page after acting is unknown, not success and not a refusal', async () => {
    fake.http.actThen({ status: 200, contentType: 'text/html', body: '<html><body>Internal error</body></html>' }, (r) => fake.isOperation(r, 'create'));
    await failure(panel.createAccount(request), 'unknown');
    expect(fake.accounts()).toHaveLength(1);
  });

  it('suspend twice writes once (the wire toggles); unsuspend of an active account writes nothing', async () => {
    const account = await panel.createAccount(request);
    await panel.suspend(account, 'Overdue on payment');
    await panel.suspend(account, 'Overdue on payment');
    expect(fake.accounts()[0]!.suspended).toBe(true);
    expect(writes('suspend')).toBe(1);
    await panel.unsuspend(account);
    await panel.unsuspend(account);
    expect(fake.accounts()[0]!.suspended).toBe(false);
    expect(writes('unsuspend')).toBe(1);
  });

  it('the fake toggles like the panel: a blind second Suspend would restore the account', async () => {
    fake.seedAccount({ username: 'oldhand1', suspended: true });
    const response = await fetch(`${fake.http.url}/CMD_API_SELECT_USERS`, {
      method: 'POST',
      headers: { authorization: `Basic ${fake.secrets()[1]}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'location=CMD_SELECT_USERS&suspend=Suspend&select0=oldhand1',
    });
    expect(await response.text()).toContain('error=0');
    expect(fake.accounts()[0]!.suspended).toBe(false);
  });

  it('terminate of a missing account is not_found with no delete sent', async () => {
    const ghost = { username: 'ghost001', domain: null, package: null, suspended: false, suspendReason: null, email: null, ref: {} };
    const error = await failure(panel.terminate(ghost), 'not_found');
    expect(error.message).toBe('DirectAdmin has no account ghost001.');
    expect(writes('terminate')).toBe(0);
  });

  it('a delete that answers HTTP 503 although the user is gone is success after reading the list again', async () => {
    const account = await panel.createAccount(request);
    fake.quirks.deleteAnswers503 = true;
    await panel.terminate(account, { record });
    expect(fake.accounts()).toEqual([]);
    expect(records.map((r) => [r.command, r.status])).toEqual([
      ['CMD_API_SHOW_USER_CONFIG', 200], ['CMD_API_SELECT_USERS', 503], ['CMD_API_SHOW_USERS', 200],
    ]);
  });

  it('a delete that fails and leaves the user is still an error', async () => {
    const account = await panel.createAccount(request);
    fake.http.overrideWhen((r) => fake.isOperation(r, 'terminate'), { status: 503, contentType: 'text/html', body: '<html>busy</html>' });
    await failure(panel.terminate(account), 'unknown');
    expect(fake.accounts()).toHaveLength(1);
  });

  it('a panel that is down is unavailable, and works again once it is up', async () => {
    await fake.http.down();
    const error = await failure(panel.testConnection({ record }), 'unavailable');
    expect(error.message).toContain('could not be reached');
    expect(records).toEqual([expect.objectContaining({ command: 'CMD_API_LOGIN_TEST', status: null, outcome: 'not reachable' })]);
    await fake.http.up();
    expect((await panel.testConnection()).accounts).toBe(0);
  });

  it('wrong credentials get the HTML login page with HTTP 200, which is auth, on reads and writes', async () => {
    const connection = fake.wrongCredentials();
    const wrong = createPanel(connection);
    const error = await failure(wrong.testConnection({ record }), 'auth');
    expect(error.message).toContain('login page');
    const createError = await failure(wrong.createAccount(request, { record }), 'auth');
    expect(fake.accounts()).toEqual([]);
    const wrongKey = connection.credentials.kind === 'directadmin' ? connection.credentials.loginKey : '';
    expect(wrongKey).toHaveLength(48);
    expect(JSON.stringify(records) + error.message + createError.message).not.toContain(wrongKey);
  });

  it('the fake refuses what the panel refuses: no auth header, a wrong key, another admin name', async () => {
    const [key] = fake.secrets();
    const asked = async (authorization?: string) => {
      const response = await fetch(`${fake.http.url}/CMD_API_SHOW_USERS`, { headers: authorization ? { authorization } : {} });
      return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
    };
    const basic = (user: string, secret: string) => `Basic ${Buffer.from(`${user}:${secret}`).toString('base64')}`;
    for (const authorization of [undefined, basic('admin', 'not-the-key'), basic('root', key!), basic('admin|nobody01', key!)]) {
      const answer = await asked(authorization);
      expect(answer).toMatchObject({ status: 200, type: expect.stringContaining('text/html') });
      expect(answer.body).toContain('DirectAdmin Login');
    }
    expect((await asked(basic('admin', key!))).type).toContain('text/plain');
  });

  it('the fake keeps a login-as session to the user\'s level, as the panel does', async () => {
    fake.seedAccount({ username: 'oldhand1' });
    const response = await fetch(`${fake.http.url}/CMD_API_SHOW_USERS`, { headers: { authorization: `Basic ${Buffer.from(`admin|oldhand1:${fake.secrets()[0]}`).toString('base64')}` } });
    expect(decodeURIComponent(await response.text())).toContain('error=1&text=Cannot execute command&details=CMD_API_SHOW_USERS does not exist in your authority level');
  });

  it('a login-key answer without a URL in it is unknown; a URL encoded twice still reads', async () => {
    const account = await panel.createAccount(request);
    const keys = (r: { path: string }) => r.path === '/CMD_API_LOGIN_KEYS';
    fake.http.overrideWhen(keys, { contentType: 'text/plain', body: 'error=0&text=Login%20URL%20created&details=' });
    await failure(panel.loginUrl(account, '198.51.100.7'), 'unknown');
    fake.http.overrideWhen(keys, { contentType: 'text/plain', body: `error=0&text=ok&details=${encodeURIComponent(encodeURIComponent('https://da.example:2222/CMD_LOGIN_URL?hash=abc'))}` });
    expect(await panel.loginUrl(account, '198.51.100.7')).toBe('https://da.example:2222/CMD_LOGIN_URL?hash=abc');
  });
});
