import type { CreateAccountRequest, Panel, PanelAccount, PanelCallOptions, PanelConnection } from '../panel.ts';
import { PanelError } from '../panel.ts';
import { PANEL_CREATE_TIMEOUT_MS } from '../panelHttp.ts';
import { listAccounts, listPackages, listUsernames, readAccount, readUsage } from './directadminAccounts.ts';
import { createDirectadminCall, type DirectadminCall } from './directadminClient.ts';

/**
 * DirectAdmin through its legacy CMD_API_* commands (reference/provisioning.md §2.3), as an admin
 * or reseller with a login key.
 *
 * Lifecycle steps and "already so":
 * - suspend / unsuspend: CMD_API_SELECT_USERS is a toggle on the wire (Suspend on a suspended user
 *   restores it), so each reads `suspended` first; an account already in the wanted state is done
 *   without a write. A missing account is PanelError 'not_found'.
 * - terminate: an account already gone is PanelError('not_found') without a write, as the Panel
 *   interface says; the caller decides that gone means terminated. The delete may fail (HTTP 503,
 *   an error, no answer) although the user was deleted, so after any failure the user list is read
 *   again and an absent user is success.
 * - create: 'exists' when the username (or the domain) is taken; a lost answer is 'unknown' and
 *   findAccount then tells whether the panel made the account.
 */
export function createDirectadminPanel(connection: PanelConnection): Panel {
  const call = createDirectadminCall(connection);
  const panel = connection.kind;
  const notFound = (command: string, username: string) =>
    new PanelError('not_found', `DirectAdmin has no account ${username}.`, { panel, command });

  async function existing(account: PanelAccount, command: string, options?: PanelCallOptions): Promise<PanelAccount> {
    const now = await readAccount(call, account.username, options);
    if (!now) throw notFound(command, account.username);
    return now;
  }

  async function selectUsers(username: string, params: Record<string, string>, options?: PanelCallOptions) {
    await call({ command: 'CMD_API_SELECT_USERS', method: 'POST', params: { location: 'CMD_SELECT_USERS', ...params, select0: username } }, options);
  }

  return {
    kind: 'directadmin',
    capabilities: { sso: true, changePassword: true, usage: true, resumableCreate: false },

    async testConnection(options) {
      await call({ command: 'CMD_API_LOGIN_TEST', method: 'GET', params: {} }, options);
      // The legacy API names neither the version nor the licence's limit in any read the reference confirms.
      return { version: null, accounts: (await listUsernames(call, options)).length, maxAccounts: null };
    },

    listPackages: (options) => listPackages(call, options),
    findAccount: (username, options) => readAccount(call, username, options),
    listAccounts: (options) => listAccounts(call, options),

    async usernameAvailable(username, options) {
      const { values } = await call({ command: 'CMD_API_USER_EXISTS', method: 'GET', params: { user: username } }, options);
      // The answer's shape is unconfirmed: without an `exists` value the user list decides (it misses system users).
      if (values.exists !== undefined) return values.exists === '0';
      return !(await listUsernames(call, options)).includes(username);
    },

    async createAccount(request: CreateAccountRequest, options) {
      const command = 'CMD_API_ACCOUNT_USER';
      if (!request.domain) throw new PanelError('refused', 'DirectAdmin needs a domain for a new account.', { panel, command });
      await call({
        command,
        method: 'POST',
        params: {
          action: 'create', add: 'Submit', username: request.username, email: request.email,
          passwd: request.password, passwd2: request.password, domain: request.domain, package: request.package,
          ip: connection.options.sharedIp ?? 'shared', notify: 'no',
        },
        timeoutMs: PANEL_CREATE_TIMEOUT_MS,
        hide: [request.password],
      }, options);
      return (await readAccount(call, request.username, options)) ?? {
        username: request.username, domain: request.domain, package: request.package, suspended: false, suspendReason: null, email: request.email, ref: {},
      };
    },

    async suspend(account, reason, options) {
      if ((await existing(account, 'CMD_API_SELECT_USERS', options)).suspended) return;
      // DirectAdmin's reason is a fixed choice; the portal's own words go in the details.
      const kind = /pay|bill|overdue|invoice|due/i.test(reason) ? 'billing' : 'other';
      await selectUsers(account.username, { suspend: 'Suspend', reason: kind, details: reason }, options);
    },

    async unsuspend(account, options) {
      if (!(await existing(account, 'CMD_API_SELECT_USERS', options)).suspended) return;
      await selectUsers(account.username, { suspend: 'Unsuspend' }, options);
    },

    async terminate(account, options) {
      await existing(account, 'CMD_API_SELECT_USERS', options);
      try {
        await selectUsers(account.username, { confirmed: 'Confirm', delete: 'yes' }, options);
      } catch (error) {
        if (!(error instanceof PanelError) || error.kind === 'auth' || error.kind === 'unavailable') throw error;
        if (!(await stillThere(call, account.username, options))) return;
        throw error;
      }
    },

    async changePackage(account, packageName, options) {
      await call({ command: 'CMD_API_MODIFY_USER', method: 'POST', params: { action: 'package', user: account.username, package: packageName } }, options);
    },

    async changePassword(account, password, options) {
      await call({
        command: 'CMD_API_USER_PASSWD', method: 'POST',
        params: { username: account.username, passwd: password, passwd2: password },
        hide: [password],
      }, options);
    },

    async loginUrl(account, _clientIp, options) {
      const command = 'CMD_API_LOGIN_KEYS';
      let answer;
      try {
        // Sending `ips` breaks newer builds (Upmind), so the URL is not bound to the client's address.
        answer = await call({
          command, method: 'POST', as: account.username,
          params: { action: 'create', type: 'one_time_url', expiry: '30m', login_keys_notify_on_creation: '0', clear_key: 'yes' },
        }, options);
      } catch (error) {
        // Logging in as a user that is gone is refused like bad credentials.
        if (error instanceof PanelError && error.kind === 'auth' && !(await readAccount(call, account.username, options))) throw notFound(command, account.username);
        throw error;
      }
      const url = [answer.values.details, answer.values.result].map(loginUrlOf).find((found) => found !== null);
      if (!url) throw new PanelError('unknown', 'DirectAdmin made a login key but its answer held no login URL.', { panel, command });
      return url;
    },

    usage: (account, options) => readUsage(call, account.username, options),
  };
}

async function stillThere(call: DirectadminCall, username: string, options?: PanelCallOptions): Promise<boolean> {
  try {
    return (await listUsernames(call, options)).includes(username);
  } catch {
    // Without a fresh list nothing proves the delete happened.
    return true;
  }
}

/** The one-time URL, which DirectAdmin may URL-encode once more inside the value. */
function loginUrlOf(value: string | undefined): string | null {
  for (let candidate = value?.trim(), round = 0; candidate && round < 2; round += 1) {
    if (/^https?:\/\/\S+$/i.test(candidate)) return candidate;
    try {
      candidate = decodeURIComponent(candidate);
    } catch {
      return null;
    }
  }
  return null;
}
