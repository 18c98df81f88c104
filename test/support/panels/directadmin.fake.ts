import { randomBytes } from 'node:crypto';
import type { PanelConnection } from '../../../src/server/integrations/panels/panel.ts';
import { type FakeAnswer, type FakeRequest, startFakeHttpServer } from '../fakeHttpServer.ts';
import type { FakePanel, FakePanelAccount, FakePanelOperation } from './fakePanel.ts';

/**
 * A fake DirectAdmin speaking the legacy CMD_API_* API (reference/provisioning.md §2.3): HTTP
 * Basic as `admin:KEY` (or `admin|user:KEY` to act as a user), URL-encoded answers
 * `error=0|1&text=…&details=…` and `list[]=` lists, business errors inside HTTP 200, and the
 * panel's quirks: bad credentials get the HTML login page with HTTP 200; an apostrophe in a value
 * comes as the unterminated entity `&#39`; Suspend and Unsuspend toggle whatever state the user is
 * in; with `quirks.deleteAnswers503` a delete removes the user and still answers HTTP 503.
 */
export interface DirectadminFake extends FakePanel {
  quirks: { deleteAnswers503: boolean };
}

interface Account extends FakePanelAccount {
  suspendReason: string | null;
}

const ADMIN = 'admin';
const LOGIN_PAGE = '<html><head><title>DirectAdmin Login</title></head><body><form action="/CMD_LOGIN" method="post">'
  + '<input name="username"><input type="password" name="password"><input type="submit" value="Login"></form></body></html>';
const PACKAGE_LIMITS: Record<string, Record<string, string>> = {
  starter: { bandwidth: '10240', quota: '1024', vdomains: '1', nsubdomains: '5', nemails: '5', mysql: '1', ftp: '1', inode: 'unlimited' },
  business: { bandwidth: '102400', quota: '10240', vdomains: '10', nsubdomains: 'unlimited', nemails: '100', mysql: '10', ftp: '10', uinode: 'ON' },
};
// A portal-made or hand-made user on this panel: lowercase letters and digits, starting with a letter.
const VALID_USERNAME = /^[a-z][a-z0-9]{3,9}$/;

/** DirectAdmin's answer text: values URL-encoded, but an apostrophe as the raw, unterminated `&#39`. */
function answerText(pairs: [string, string][]): string {
  return pairs.map(([key, value]) => `${key}=${encodeURIComponent(value).replace(/'/g, '&#39')}`).join('&');
}
const ok = (text: string, details = ''): FakeAnswer => plain([['error', '0'], ['text', text], ['details', details]]);
const refuse = (text: string, details: string): FakeAnswer => plain([['error', '1'], ['text', text], ['details', details]]);
const plain = (pairs: [string, string][]): FakeAnswer => ({ status: 200, contentType: 'text/plain; charset=utf-8', body: answerText(pairs) });
const html = (status: number, body: string): FakeAnswer => ({ status, contentType: 'text/html; charset=utf-8', body });
const basic = (user: string, key: string) => `Basic ${Buffer.from(`${user}:${key}`).toString('base64')}`;

export async function startDirectadminFake(): Promise<DirectadminFake> {
  const loginKey = randomBytes(24).toString('hex');
  const accounts = new Map<string, Account>();
  const packages = new Map(Object.entries(PACKAGE_LIMITS).map(([name, limits]) => [name, { ...limits }]));
  const reserved = new Set(['root', 'admin', 'mysql', 'mail', 'nobody', 'apache', 'diradmin']);
  const loginUrls = new Map<string, { username: string; used: boolean }>();
  const quirks = { deleteAnswers503: false };

  /** Who the request logs in as: the admin, a user through login-as, or null (the login page). */
  function sessionOf(request: FakeRequest): string | null {
    const match = /^Basic ([A-Za-z0-9+/=]+)$/.exec(request.headers.authorization ?? '');
    if (!match) return null;
    const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0 || decoded.slice(colon + 1) !== loginKey) return null;
    const [user, as] = decoded.slice(0, colon).split('|');
    if (user !== ADMIN) return null;
    if (as === undefined) return ADMIN;
    return accounts.has(as) ? as : null;
  }

  const weakPassword = (password: string) => password.length < 8 || !/\d/.test(password);
  const selected = (params: Record<string, string>) =>
    Object.keys(params).filter((key) => /^select\d+$/.test(key)).map((key) => params[key]!);

  function createUser(p: Record<string, string>): FakeAnswer {
    const fail = (details: string) => refuse('Unable to Create User', details);
    if (p.action !== 'create') return refuse('Unable to Create User', 'Unknown action');
    const username = p.username ?? '';
    if (!VALID_USERNAME.test(username)) return fail('Invalid username. It must be 4 to 10 lowercase letters and digits, starting with a letter');
    if (accounts.has(username) || reserved.has(username)) return fail('That username already exists on the system');
    const domain = (p.domain ?? '').toLowerCase();
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain)) return fail('Invalid domain name');
    if ([...accounts.values()].some((a) => a.domain === domain)) return fail('That domain already exists');
    if (!p.package || !packages.has(p.package)) return fail(`The package ${p.package ?? ''} doesn't exist`);
    if (p.passwd !== p.passwd2) return fail("The passwords don't match");
    if (weakPassword(p.passwd ?? '')) return fail("The password isn't strong enough: use at least 8 characters with a digit");
    if (!p.email || !p.email.includes('@')) return fail('Invalid e-mail address');
    accounts.set(username, { username, domain, package: p.package, suspended: false, suspendReason: null, password: p.passwd!, email: p.email });
    return ok('User Created', `Unix user ${username} created<br>Domain ${domain} created<br>`);
  }

  function selectUsers(p: Record<string, string>): FakeAnswer {
    const users = selected(p);
    const missing = users.find((u) => !accounts.has(u));
    if (users.length === 0) return refuse('Error', 'No users selected');
    if (p.delete === 'yes' && p.confirmed === 'Confirm') {
      if (missing) return refuse('Error while deleting Users', `User ${missing} doesn't exist`);
      for (const user of users) accounts.delete(user);
      return quirks.deleteAnswers503 ? html(503, '<html><body><h1>503 Service Unavailable</h1></body></html>') : ok('Users deleted', users.map((u) => `<li>${u}</li>`).join(''));
    }
    if (p.suspend === 'Suspend' || p.suspend === 'Unsuspend') {
      if (missing) return refuse('Error', `User ${missing} doesn't exist`);
      // The panel flips each user, whichever button was named.
      for (const user of users) {
        const account = accounts.get(user)!;
        account.suspended = !account.suspended;
        account.suspendReason = account.suspended ? [p.reason, p.details].filter(Boolean).join(': ') || 'other' : null;
      }
      return ok('Success', 'Users have been updated');
    }
    return refuse('Error', 'No action selected');
  }

  function userConfig(user: string): FakeAnswer {
    const account = accounts.get(user);
    if (!account) return refuse('Unable to show user', `User ${user} doesn't exist`);
    const limits = packages.get(account.package ?? '') ?? {};
    return plain([
      ['username', account.username], ['domain', account.domain ?? ''], ['package', account.package ?? ''], ['ip', '192.0.2.20'],
      ['usertype', 'user'], ['creator', ADMIN], ['suspended', account.suspended ? 'yes' : 'no'], ['suspend_reason', account.suspendReason ?? ''],
      ['email', account.email ?? ''], ['name', "Owner's name"], ['bandwidth', limits.bandwidth ?? 'unlimited'], ['quota', limits.quota ?? 'unlimited'],
      ['inode', limits.inode ?? 'unlimited'], ['ns1', 'ns1.example.net'], ['ns2', 'ns2.example.net'],
    ]);
  }

  function packageAnswer(name: string | undefined): FakeAnswer {
    if (name === undefined) return plain([...packages.keys()].map((n) => ['list[]', n]));
    const limits = packages.get(name);
    return limits ? plain(Object.entries(limits)) : refuse('Unable to show package', `The package ${name} doesn't exist`);
  }

  function asAdmin(path: string, p: Record<string, string>): FakeAnswer {
    switch (path) {
      case '/CMD_API_LOGIN_TEST': return ok('Login OK');
      case '/CMD_API_SHOW_USERS': return plain([...accounts.keys()].map((u) => ['list[]', u]));
      case '/CMD_API_SHOW_USER_CONFIG': return userConfig(p.user ?? '');
      case '/CMD_API_SHOW_USER_USAGE':
        return accounts.has(p.user ?? '')
          ? plain([['bandwidth', '321.5'], ['quota', '42.25'], ['inode', '1380'], ['nemails', '3'], ['vdomains', '1']])
          : refuse('Unable to show usage', `User ${p.user ?? ''} doesn't exist`);
      case '/CMD_API_USER_EXISTS': return plain([['error', '0'], ['exists', accounts.has(p.user ?? '') || reserved.has(p.user ?? '') ? '1' : '0']]);
      case '/CMD_API_PACKAGES_USER': return packageAnswer(p.package);
      case '/CMD_API_ACCOUNT_USER': return createUser(p);
      case '/CMD_API_SELECT_USERS': return selectUsers(p);
      case '/CMD_API_MODIFY_USER': {
        const account = accounts.get(p.user ?? '');
        if (p.action !== 'package') return refuse('Unable to modify user', 'Unknown action');
        if (!account) return refuse('Unable to modify user', `User ${p.user ?? ''} doesn't exist`);
        if (!p.package || !packages.has(p.package)) return refuse('Unable to modify user', `The package ${p.package ?? ''} doesn't exist`);
        account.package = p.package;
        return ok('User modified', `${account.username} is now on ${p.package}`);
      }
      case '/CMD_API_USER_PASSWD': {
        const account = accounts.get(p.username ?? '');
        if (!account) return refuse('Unable to change password', `User ${p.username ?? ''} doesn't exist`);
        if (p.passwd !== p.passwd2) return refuse('Unable to change password', "The passwords don't match");
        if (weakPassword(p.passwd ?? '')) return refuse('Unable to change password', "The password isn't strong enough: use at least 8 characters with a digit");
        account.password = p.passwd!;
        return ok('Password changed');
      }
      default: return html(404, '<html><body>Not Found</body></html>');
    }
  }

  function loginKeys(session: string, p: Record<string, string>): FakeAnswer {
    if (p.action !== 'create' || p.type !== 'one_time_url') return refuse('Unable to create login key', 'Unknown action or type');
    const hash = randomBytes(16).toString('hex');
    loginUrls.set(hash, { username: session, used: false });
    return ok('Login URL created', `${http.url}/CMD_LOGIN_URL?hash=${hash}`);
  }

  /** Opens a one-time URL once: the account it logs into, or null. */
  function useLoginUrl(hash: string | undefined): string | null {
    const entry = hash ? loginUrls.get(hash) : undefined;
    if (!entry || entry.used || !accounts.has(entry.username)) return null;
    entry.used = true;
    return entry.username;
  }

  const http = await startFakeHttpServer((request) => {
    if (request.path === '/CMD_LOGIN_URL') {
      const user = useLoginUrl(request.params.hash);
      return user ? html(200, `<html><head><title>DirectAdmin</title></head><body>Logged in as ${user}</body></html>`) : html(200, LOGIN_PAGE);
    }
    const session = sessionOf(request);
    if (!session) return html(200, LOGIN_PAGE);
    if (!request.path.startsWith('/CMD_API_')) return html(404, '<html><body>Not Found</body></html>');
    if (request.path === '/CMD_API_LOGIN_KEYS') return loginKeys(session, request.params);
    if (session !== ADMIN) return refuse('Cannot execute command', `${request.path.slice(1)} does not exist in your authority level`);
    return asAdmin(request.path, request.params);
  });

  const connectionWith = (key: string): PanelConnection => {
    const url = new URL(http.url);
    return {
      kind: 'directadmin', scheme: 'http', host: url.hostname, port: Number(url.port), verifyTls: true,
      credentials: { kind: 'directadmin', username: ADMIN, loginKey: key }, options: {},
    };
  };

  const operations: Record<FakePanelOperation, (request: FakeRequest) => boolean> = {
    create: (r) => r.path === '/CMD_API_ACCOUNT_USER' && r.params.action === 'create',
    suspend: (r) => r.path === '/CMD_API_SELECT_USERS' && r.params.suspend === 'Suspend',
    unsuspend: (r) => r.path === '/CMD_API_SELECT_USERS' && r.params.suspend === 'Unsuspend',
    terminate: (r) => r.path === '/CMD_API_SELECT_USERS' && r.params.delete === 'yes',
    changePackage: (r) => r.path === '/CMD_API_MODIFY_USER' && r.params.action === 'package',
    changePassword: (r) => r.path === '/CMD_API_USER_PASSWD',
  };

  return {
    kind: 'directadmin',
    http,
    quirks,
    connection: () => connectionWith(loginKey),
    wrongCredentials: () => connectionWith(randomBytes(24).toString('hex')),
    secrets: () => [loginKey, basic(ADMIN, loginKey).slice('Basic '.length)],
    accounts: () => [...accounts.values()].map(({ suspendReason: _reason, ...account }) => ({ ...account })),
    packages: () => [...packages.keys()],
    addPackage: (name) => { packages.set(name, { bandwidth: '1024', quota: '100' }); },
    seedAccount: (account) => {
      accounts.set(account.username, {
        domain: `${account.username}.example`, package: 'starter', suspended: false, password: null, email: null, ...account,
        suspendReason: account.suspended ? 'other' : null,
      });
    },
    reserveUsername: (username) => { reserved.add(username); },
    isOperation: (request, operation) => operations[operation](request),
    ssoAccount: (url) => {
      try {
        const parsed = new URL(url);
        return parsed.pathname === '/CMD_LOGIN_URL' ? useLoginUrl(parsed.searchParams.get('hash') ?? undefined) : null;
      } catch {
        return null;
      }
    },
    close: () => http.close(),
  };
}
