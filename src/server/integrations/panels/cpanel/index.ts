import { PANEL_CREATE_TIMEOUT_MS, panelName } from '../panelHttp.ts';
import {
  type CreateAccountRequest, type Panel, type PanelAccount, type PanelCallOptions, type PanelConnection, PanelError, type PanelServerFacts,
} from '../panel.ts';
import { accountOf, packageOf, usageOf } from './whmAccount.ts';
import { whmCall } from './whmClient.ts';
import { recordsOf } from './whmEnvelope.ts';

/**
 * cPanel/WHM over WHM API 1 (reference/provisioning.md §2.1), with a root or reseller API token.
 *
 * State is read before every write that is not idempotent on the wire: `suspendacct` on a
 * suspended account and `removeacct` on a missing one answer result 0, so suspend and unsuspend of
 * an account already so return without a write, and the account's absence is told apart from a
 * refusal. An account that is not on the panel makes suspend, unsuspend, terminate and
 * changePackage throw PanelError 'not_found' without writing: for terminate that means "already
 * gone", and the caller (the lifecycle) counts it as done; for the others it is a real failure.
 * Nothing here retries: after an 'unknown' (a create whose answer was lost) the caller reads the
 * account back with findAccount, which reads live state.
 */
export function createCpanelPanel(connection: PanelConnection): Panel {
  const panel = connection.kind;
  const name = panelName(panel);
  const notFound = (command: string, username: string) =>
    new PanelError('not_found', `${name} has no account named ${username}.`, { panel, command });

  /** The account now, or null; `accountsummary` refuses a missing user, so a refusal is checked with an exact `listaccts`. */
  async function findAccount(username: string, options?: PanelCallOptions): Promise<PanelAccount | null> {
    const acct = await summaryOf(username, options);
    return acct ? accountOf(acct) : null;
  }

  async function summaryOf(username: string, options?: PanelCallOptions): Promise<Record<string, unknown> | null> {
    try {
      const { data } = await whmCall(connection, { command: 'accountsummary', params: { user: username } }, options);
      return recordsOf(data.acct)[0] ?? null;
    } catch (error) {
      if (!(error instanceof PanelError) || (error.kind !== 'not_found' && error.kind !== 'refused')) throw error;
      if (await listedExactly(username, options)) throw error;
      return null;
    }
  }

  async function listedExactly(username: string, options?: PanelCallOptions): Promise<boolean> {
    const { data } = await whmCall(connection, {
      command: 'listaccts', params: { search: username, searchtype: 'user', searchmethod: 'exact', want: 'user' },
    }, options);
    return recordsOf(data.acct).some((acct) => acct.user === username);
  }

  async function existing(command: string, account: PanelAccount, options?: PanelCallOptions): Promise<PanelAccount> {
    const now = await findAccount(account.username, options);
    if (!now) throw notFound(command, account.username);
    return now;
  }

  /** A count WHM may refuse to a reseller's token: unknown rather than a failed test. */
  async function countOf(command: string, field: string, options?: PanelCallOptions): Promise<number | null> {
    try {
      const value = Number((await whmCall(connection, { command }, options)).data[field]);
      return Number.isFinite(value) ? value : null;
    } catch (error) {
      if (error instanceof PanelError && (error.kind === 'refused' || error.kind === 'auth' || error.kind === 'not_found')) return null;
      throw error;
    }
  }

  return {
    kind: 'cpanel',
    capabilities: { sso: true, changePassword: true, usage: true, resumableCreate: false },

    async testConnection(options): Promise<PanelServerFacts> {
      const { data } = await whmCall(connection, { command: 'version' }, options);
      const accounts = await countOf('get_current_users_count', 'users', options);
      const maximum = await countOf('get_maximum_users', 'maximum_users', options);
      return {
        version: typeof data.version === 'string' ? data.version : null,
        accounts,
        // The licence's limit; 0 means unlimited.
        maxAccounts: maximum ? maximum : null,
      };
    },

    async listPackages(options) {
      const { data } = await whmCall(connection, { command: 'listpkgs' }, options);
      return recordsOf(data.pkg).map(packageOf).filter((pkg) => pkg !== null);
    },

    findAccount,

    async usernameAvailable(username, options) {
      try {
        await whmCall(connection, { command: 'verify_new_username', params: { user: username } }, options);
        return true;
      } catch (error) {
        // Result 0 is the name taken, reserved or invalid: WHM says which in the reason.
        if (error instanceof PanelError && (error.kind === 'exists' || error.kind === 'refused' || error.kind === 'not_found')) return false;
        throw error;
      }
    },

    async listAccounts(options) {
      const { data } = await whmCall(connection, {
        command: 'listaccts', params: { want: 'user,domain,plan,email,suspended,suspendreason' },
      }, options);
      return recordsOf(data.acct).map(accountOf).filter((account) => account !== null);
    },

    async createAccount(request: CreateAccountRequest, options) {
      const { data } = await whmCall(connection, {
        command: 'createacct',
        write: true,
        timeoutMs: PANEL_CREATE_TIMEOUT_MS,
        secrets: [request.password],
        params: {
          username: request.username,
          ...(request.domain ? { domain: request.domain } : {}),
          plan: request.package,
          password: request.password,
          contactemail: request.email,
        },
      }, options);
      return {
        username: request.username,
        domain: request.domain,
        package: typeof data.package === 'string' ? data.package : request.package,
        suspended: false,
        suspendReason: null,
        email: request.email,
        ref: {},
      };
    },

    async suspend(account, reason, options) {
      const now = await existing('suspendacct', account, options);
      if (now.suspended) return;
      try {
        await whmCall(connection, { command: 'suspendacct', write: true, params: { user: account.username, reason, disallowun: '0' } }, options);
      } catch (error) {
        // Suspended by someone else since the read: what was asked for is so.
        if (error instanceof PanelError && error.kind === 'refused' && /already suspended/i.test(error.message)) return;
        throw error;
      }
    },

    async unsuspend(account, options) {
      const now = await existing('unsuspendacct', account, options);
      if (!now.suspended) return;
      await whmCall(connection, { command: 'unsuspendacct', write: true, params: { user: account.username } }, options);
    },

    async terminate(account, options) {
      await existing('removeacct', account, options);
      await whmCall(connection, { command: 'removeacct', write: true, params: { username: account.username, keepdns: '0' } }, options);
    },

    async changePackage(account, packageName, options) {
      const now = await existing('changepackage', account, options);
      if (now.package === packageName) return;
      await whmCall(connection, { command: 'changepackage', write: true, params: { user: account.username, pkg: packageName } }, options);
    },

    async changePassword(account, password, options) {
      await whmCall(connection, {
        command: 'passwd', write: true, secrets: [password], params: { user: account.username, password },
      }, options);
    },

    async loginUrl(account, _clientIp, options) {
      // cPanel sessions are not bound to the browser's address: the URL works from anywhere, once.
      const { data } = await whmCall(connection, {
        command: 'create_user_session', write: true, params: { user: account.username, service: 'cpaneld' },
      }, options);
      if (typeof data.url !== 'string' || !data.url) {
        throw new PanelError('unknown', `${name} answered create_user_session without a login URL.`, { panel, command: 'create_user_session' });
      }
      return data.url;
    },

    async usage(account, options) {
      const acct = await summaryOf(account.username, options);
      if (!acct) throw notFound('accountsummary', account.username);
      const { data } = await whmCall(connection, { command: 'showbw', params: { searchtype: 'user', search: account.username } }, options);
      const bandwidth = recordsOf(data.acct).find((entry) => entry.user === account.username) ?? null;
      return usageOf(acct, bandwidth);
    },
  };
}
