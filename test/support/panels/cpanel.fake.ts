import { randomBytes } from 'node:crypto';
import type { PanelConnection } from '../../../src/server/integrations/panels/panel.ts';
import { type FakeAnswer, type FakeRequest, startFakeHttpServer } from '../fakeHttpServer.ts';
import {
  ACCESS_DENIED_PAGE, api0Body, booleanProblem, fail, ok, passwordProblem, SSO_EXPIRED_PAGE, ssoPage, usernameProblem, type WhmOutcome,
} from './cpanelFakeRules.ts';
import type { FakePanel, FakePanelAccount, FakePanelOperation } from './fakePanel.ts';

/**
 * A local cPanel/WHM speaking WHM API 1 (reference/provisioning.md §2.1): `/json-api/<function>`
 * by GET query or POST form, `Authorization: whm root:TOKEN`, answers in the
 * `{data, metadata: {command, result, reason, version}}` envelope with HTTP 200 for business errors,
 * and in API 0's envelope when `api.version=1` is missing. It keeps accounts, packages ('starter'
 * and 'business') and the one-time cPanel sessions it hands out, which it serves at
 * `/cpsessNNNNNNNNNN/login/?session=…` (on its own port: the real panel's is 2083).
 */
export const CPANEL_FAKE_USER = 'root';
export const CPANEL_FAKE_TOKEN = 'F7Q2KX9MB4TR8WZ1NC6VH3JD5LPS0YGE';
const WRONG_TOKEN = 'ZZ0000000000000000000000000000ZZ';
const VERSION = '11.118.0.9';

interface WhmAccount extends FakePanelAccount {
  domain: string;
  suspendReason: string;
  diskUsedMb: number;
  bandwidthBytes: number;
  startedAt: number;
}

/** The cPanel fake's extra controls beyond every panel fake's. */
export interface FakeCpanel extends FakePanel {
  /** The licence's account limit `get_maximum_users` states (0, the default, is unlimited). */
  setMaximumUsers(limit: number): void;
  /** Disk and bandwidth the account has used, for the usage figures. */
  setUsage(username: string, usage: { diskUsedMb?: number; bandwidthBytes?: number }): void;
}

const OPERATION_FUNCTIONS: Record<FakePanelOperation, string> = {
  create: 'createacct', suspend: 'suspendacct', unsuspend: 'unsuspendacct', terminate: 'removeacct', changePackage: 'changepackage', changePassword: 'passwd',
};

const PACKAGE_LIMITS: Record<string, Record<string, string>> = {
  starter: { QUOTA: '5120', BWLIMIT: '51200', MAXPOP: '10', MAXSQL: '5', MAXFTP: '5', MAXSUB: '10', MAXADDON: '0', FEATURELIST: 'default' },
  business: { QUOTA: '51200', BWLIMIT: 'unlimited', MAXPOP: 'unlimited', MAXSQL: 'unlimited', MAXFTP: 'unlimited', MAXSUB: 'unlimited', MAXADDON: '10', FEATURELIST: 'default' },
};

export async function startCpanelFake(): Promise<FakeCpanel> {
  const accounts = new Map<string, WhmAccount>();
  const packages = new Map<string, Record<string, string>>(Object.entries(PACKAGE_LIMITS));
  const reserved = new Set<string>(['root', 'nobody', 'mail', 'cpanel', 'mysql']);
  const sessions = new Map<string, { user: string; used: boolean }>();
  let maximumUsers = 0;

  const http = await startFakeHttpServer((request) => {
    const sso = /^\/cpsess\d{10}\/login\/?$/.test(request.path);
    if (sso && request.method === 'GET') return openSession(request.params.session ?? '');
    const match = /^\/json-api\/([a-z_0-9]+)$/.exec(request.path);
    if (!match) return { status: 404, contentType: 'text/html', body: '<html><body>Not Found</body></html>' };
    if (!authorized(request.headers.authorization)) return { status: 401, contentType: 'text/html; charset=utf-8', body: ACCESS_DENIED_PAGE };
    const command = match[1]!;
    const outcome = run(command, request.params);
    const body = request.params['api.version'] === '1'
      ? { data: outcome.data ?? null, metadata: { command, result: outcome.result, reason: outcome.reason, version: 1 } }
      : api0Body(command, outcome);
    return { contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) };
  });

  function authorized(header: string | undefined): boolean {
    const credentials = /^whm (.+)$/i.exec(header ?? '')?.[1];
    return credentials === `${CPANEL_FAKE_USER}:${CPANEL_FAKE_TOKEN}`;
  }

  function openSession(session: string): FakeAnswer {
    const token = session.split(':')[1] ?? '';
    const entry = sessions.get(token);
    if (!entry || entry.used) return { status: 401, contentType: 'text/html', body: SSO_EXPIRED_PAGE };
    entry.used = true;
    return { contentType: 'text/html; charset=utf-8', body: ssoPage(entry.user) };
  }

  const missing = (prefix: string, user: string) => fail(`${prefix}The user “${user}” does not exist.`);

  function run(command: string, params: Record<string, string>): WhmOutcome {
    const booleans = booleanProblem(params, ['keepdns', 'disallowun', 'reseller', 'useregns', 'forcedns', 'db_pass_update', 'retain-service-proxies']);
    if (booleans) return fail(booleans);
    const user = (params.user ?? params.username ?? '').toLowerCase();
    const account = accounts.get(user);
    switch (command) {
      case 'version': return ok({ version: VERSION });
      case 'applist': return ok({ app: [...Object.values(OPERATION_FUNCTIONS), 'accountsummary', 'listaccts', 'listpkgs', 'showbw', 'create_user_session', 'verify_new_username', 'version'] });
      case 'get_current_users_count': return ok({ users: accounts.size });
      case 'get_maximum_users': return ok({ maximum_users: maximumUsers });
      case 'listpkgs': return ok({ pkg: [...packages].map(([name, limits]) => ({ name, ...limits })) });
      case 'listaccts': return ok({ acct: listed(params) });
      case 'accountsummary': {
        if (!params.user && !params.domain) return fail('You must specify a user or domain to get a summary of.');
        const found = params.user ? account : [...accounts.values()].find((a) => a.domain === params.domain);
        return found ? ok({ acct: [summary(found)] }) : fail(`Failed to get user’s account summary: Account “${params.user ?? params.domain}” does not exist.`);
      }
      case 'showbw': {
        const wanted = params.searchtype === 'user' && params.search ? [accounts.get(params.search)].filter((a) => a !== undefined) : [...accounts.values()];
        const now = new Date();
        return ok({ month: now.getUTCMonth() + 1, year: now.getUTCFullYear(), acct: wanted.map(bandwidthOf) });
      }
      case 'verify_new_username': {
        const problem = usernameProblem(user);
        if (problem) return fail(problem);
        if (account) return fail(`This system already has an account named “${user}”.`);
        if (reserved.has(user)) return fail(`This system already has a user named “${user}”.`);
        return ok(undefined, `The username “${user}” is available.`);
      }
      case 'createacct': return create(params);
      case 'suspendacct':
        if (!account) return missing('Account Suspension Failed: ', user);
        if (account.suspended) return fail(`Account Suspension Failed: “${user}” is already suspended.`);
        account.suspended = true;
        account.suspendReason = params.reason || 'Unknown';
        return ok(undefined, `${user} account is now suspended.`);
      case 'unsuspendacct':
        if (!account) return missing('Account Unsuspension Failed: ', user);
        account.suspended = false;
        account.suspendReason = 'not suspended';
        return ok(undefined, `${user} account is now active.`);
      case 'removeacct':
        if (!account) return missing('Account Termination Failed: ', user);
        accounts.delete(user);
        return ok(undefined, `${user} account removed`);
      case 'changepackage': {
        if (!account) return missing('', user);
        if (!packages.has(params.pkg ?? '')) return fail(`Sorry, "${params.pkg ?? ''}" is not a valid package name.`);
        account.package = params.pkg!;
        return ok(undefined, `Account Upgrade/Downgrade Complete for ${user}`);
      }
      case 'passwd': {
        if (!account) return missing('', user);
        const weak = passwordProblem(params.password ?? '');
        if (weak) return fail(weak);
        account.password = params.password!;
        return ok({ app: ['system', 'ftp', 'mail', 'mySQL'] }, 'Password changed for user');
      }
      case 'create_user_session': {
        if (!['cpaneld', 'whostmgrd', 'webmaild'].includes(params.service ?? '')) return fail('The “service” parameter must be “cpaneld”, “whostmgrd” or “webmaild”.');
        if (!account) return missing('', user);
        const token = randomBytes(16).toString('hex');
        const cpsess = `/cpsess${String(randomBytes(4).readUInt32BE(0)).padStart(10, '0')}`;
        sessions.set(token, { user, used: false });
        const url = `${http.url}${cpsess}/login/?session=${encodeURIComponent(`${user}:${token}`)}`;
        return ok({ url, session: `${user}:${token}`, cp_security_token: cpsess, expires: Math.floor(Date.now() / 1000) + 900, service: params.service });
      }
      default: return fail(`Unknown app (“${command}”) requested for this version (1) of the API.`);
    }
  }

  function create(params: Record<string, string>): WhmOutcome {
    const user = (params.username ?? '').toLowerCase();
    const problem = usernameProblem(user);
    if (problem) return fail(problem);
    const plan = params.plan ?? 'default';
    if (!packages.has(plan)) return fail(`Sorry, "${plan}" is not a valid package name.`);
    if (accounts.has(user) || reserved.has(user)) return fail('Sorry, a group for that username already exists.');
    const domain = (params.domain ?? '').toLowerCase() || `${user}.temporary.example.net`;
    if ([...accounts.values()].some((a) => a.domain === domain)) return fail(`Sorry, the domain “${domain}” is already set up on this server.`);
    const password = params.password ?? params.pass ?? '';
    const weak = passwordProblem(password);
    if (weak) return fail(weak);
    accounts.set(user, {
      username: user, domain, package: plan, suspended: false, suspendReason: 'not suspended', password, email: params.contactemail || null,
      diskUsedMb: 0, bandwidthBytes: 0, startedAt: Math.floor(Date.now() / 1000),
    });
    return {
      result: 1, reason: 'Account Creation Ok',
      data: { package: plan, ip: '192.0.2.10', nameserver: 'ns1.example.net', nameserver2: 'ns2.example.net' },
    };
  }

  function listed(params: Record<string, string>): Record<string, unknown>[] {
    const field = ({ user: 'username', domain: 'domain', package: 'package', owner: 'owner' } as const)[params.searchtype ?? 'user'] ?? 'username';
    const matches = (value: string | null) => {
      if (!params.search) return true;
      if (params.searchmethod === 'exact') return value === params.search;
      try {
        return new RegExp(params.search).test(value ?? '');
      } catch {
        return false;
      }
    };
    const want = params.want ? params.want.split(',') : null;
    return [...accounts.values()]
      .filter((account) => matches(field === 'owner' ? CPANEL_FAKE_USER : account[field]))
      .map((account) => {
        const entry = summary(account);
        return want ? Object.fromEntries(Object.entries(entry).filter(([key]) => want.includes(key))) : entry;
      });
  }

  function summary(account: WhmAccount): Record<string, unknown> {
    const limit = Number(packages.get(account.package ?? '')?.QUOTA);
    return {
      user: account.username, domain: account.domain, plan: account.package, owner: CPANEL_FAKE_USER, email: account.email ?? '*unknown*', ip: '192.0.2.10',
      suspended: account.suspended ? 1 : 0, suspendreason: account.suspended ? account.suspendReason : 'not suspended',
      diskused: `${account.diskUsedMb}M`, disklimit: Number.isFinite(limit) ? `${limit}M` : 'unlimited', inodesused: 0,
      startdate: new Date(account.startedAt * 1000).toISOString().slice(2, 16).replace('T', ' '), unix_startdate: account.startedAt,
    };
  }

  function bandwidthOf(account: WhmAccount): Record<string, unknown> {
    const limitMb = Number(packages.get(account.package ?? '')?.BWLIMIT);
    const limit = Number.isFinite(limitMb) ? limitMb * 1_048_576 : 'unlimited';
    return { user: account.username, domain: account.domain, owner: CPANEL_FAKE_USER, totalbytes: account.bandwidthBytes, limit, bwlimited: 0, deleted: 0 };
  }

  const connectionWith = (apiToken: string): PanelConnection => {
    const { hostname, port } = new URL(http.url);
    return {
      kind: 'cpanel', scheme: 'http', host: hostname, port: Number(port), verifyTls: false,
      credentials: { kind: 'cpanel', username: CPANEL_FAKE_USER, apiToken }, options: {},
    };
  };

  return {
    kind: 'cpanel',
    http,
    connection: () => connectionWith(CPANEL_FAKE_TOKEN),
    wrongCredentials: () => connectionWith(WRONG_TOKEN),
    secrets: () => [CPANEL_FAKE_TOKEN],
    accounts: () => [...accounts.values()].map(({ username, domain, package: pkg, suspended, password, email }) => ({ username, domain, package: pkg, suspended, password, email })),
    packages: () => [...packages.keys()],
    addPackage: (name) => { packages.set(name, { QUOTA: '10240', BWLIMIT: '102400', MAXPOP: '25', MAXSQL: '10', MAXFTP: '10', MAXSUB: '25', MAXADDON: '1', FEATURELIST: 'default' }); },
    seedAccount: (seed) => {
      const username = seed.username.toLowerCase();
      accounts.set(username, {
        username, domain: seed.domain ?? `${username}.example.com`, package: seed.package ?? 'starter', suspended: seed.suspended ?? false,
        suspendReason: seed.suspended ? 'Unknown' : 'not suspended', password: seed.password ?? null, email: seed.email ?? null,
        diskUsedMb: 0, bandwidthBytes: 0, startedAt: Math.floor(Date.now() / 1000),
      });
    },
    reserveUsername: (username) => { reserved.add(username.toLowerCase()); },
    isOperation: (request: FakeRequest, operation) => request.path === `/json-api/${OPERATION_FUNCTIONS[operation]}`,
    ssoAccount: (url) => {
      const session = new URL(url, http.url).searchParams.get('session') ?? '';
      const entry = sessions.get(session.split(':')[1] ?? '');
      if (!entry || entry.used) return null;
      entry.used = true;
      return entry.user;
    },
    setMaximumUsers: (limit) => { maximumUsers = limit; },
    setUsage: (username, usage) => {
      const account = accounts.get(username);
      if (!account) throw new Error(`no account ${username} on the cPanel fake`);
      account.diskUsedMb = usage.diskUsedMb ?? account.diskUsedMb;
      account.bandwidthBytes = usage.bandwidthBytes ?? account.bandwidthBytes;
    },
    close: () => http.close(),
  };
}
