import type { Panel, PanelAccount, PanelCallOptions, PanelConnection } from '../panel.ts';
import { PanelError } from '../panel.ts';
import { baseUrlOf } from '../panelHttp.ts';
import { pleskOperation } from './pleskClient.ts';
import { createPleskAccount } from './pleskCreate.ts';
import { findPleskAccount, listPleskAccounts, listPleskPackages, pleskServerFacts, pleskUsage, pleskUsernameAvailable, readPleskAccount } from './pleskReads.ts';
import { textAt } from './pleskXml.ts';

/** Subscription status values Plesk lets an API set (reference §2.2): 0 active, 16 disabled by the administrator. */
const ACTIVE = '0';
const DISABLED_BY_ADMIN = '16';

const notFound = (account: PanelAccount, command: string) =>
  new PanelError('not_found', `Plesk has no customer "${account.username}".`, { panel: 'plesk', command });

/**
 * Plesk through its XML API (POST /enterprise/control/agent.php). One portal account is one
 * customer (login = username, external-id = service id) owning one webspace (subscription).
 *
 * - suspend / unsuspend read the account first and write nothing when it is already in the wanted
 *   state; they disable or enable the webspace (status 16 / 0), or the customer when it has none.
 * - terminate deletes the customer, which removes its subscriptions. An account that is already
 *   gone throws PanelError('not_found') (Plesk's 1013): the caller treats that as terminated. A
 *   second terminate therefore writes nothing harmful: Plesk refuses the delete of a missing customer.
 * - createAccount reads first and resumes what an earlier attempt for the same service made
 *   (see ./pleskCreate.ts); a login held by anyone else is 'exists'.
 * - Errors keep the panel's text, never the credentials or a password sent in the call.
 */
export function createPleskPanel(connection: PanelConnection): Panel {
  const current = async (account: PanelAccount, command: string, options?: PanelCallOptions) => {
    const found = await readPleskAccount(connection, account.username, options);
    if (!found) throw notFound(account, command);
    return found;
  };

  /**
   * Suspending disables the webspace (the customer when it has none); unsuspending enables
   * whichever of the two is disabled, since an operator may have disabled the customer by hand.
   */
  async function setStatus(account: PanelAccount, wanted: string, options?: PanelCallOptions): Promise<void> {
    const { account: found, customerStatus, webspaceStatus } = await current(account, 'webspace.set', options);
    if (found.suspended === (wanted === DISABLED_BY_ADMIN)) return;
    const setWebspace = found.domain !== null && webspaceStatus !== wanted;
    const setCustomer = wanted === ACTIVE ? customerStatus !== ACTIVE : found.domain === null;
    if (setWebspace) {
      await pleskOperation(connection, {
        command: 'webspace.set',
        operations: { webspace: { set: { filter: { name: found.domain! }, values: { gen_setup: { status: wanted } } } } },
      }, options);
    }
    if (setCustomer) {
      await pleskOperation(connection, {
        command: 'customer.set',
        operations: { customer: { set: { filter: { login: account.username }, values: { gen_info: { status: wanted } } } } },
      }, options);
    }
  }

  async function domainOf(account: PanelAccount, command: string, options?: PanelCallOptions): Promise<string> {
    const domain = account.domain ?? (await current(account, command, options)).account.domain;
    if (!domain) throw new PanelError('not_found', `Plesk customer "${account.username}" has no subscription.`, { panel: 'plesk', command });
    return domain;
  }

  return {
    kind: 'plesk',
    capabilities: { sso: true, changePassword: true, usage: true, resumableCreate: false },
    testConnection: (options) => pleskServerFacts(connection, options),
    listPackages: (options) => listPleskPackages(connection, options),
    findAccount: (username, options) => findPleskAccount(connection, username, options),
    usernameAvailable: (username, options) => pleskUsernameAvailable(connection, username, options),
    listAccounts: (options) => listPleskAccounts(connection, options),
    createAccount: (request, options) => createPleskAccount(connection, request, options),
    suspend: (account, _reason, options) => setStatus(account, DISABLED_BY_ADMIN, options),
    unsuspend: (account, options) => setStatus(account, ACTIVE, options),

    async terminate(account, options) {
      await pleskOperation(connection, {
        command: 'customer.del',
        operations: { customer: { del: { filter: { login: account.username } } } },
      }, options);
    },

    async changePackage(account, packageName, options) {
      const domain = await domainOf(account, 'webspace.switch-subscription', options);
      const plan = await pleskOperation(connection, {
        command: 'service-plan.get',
        operations: { 'service-plan': { get: { filter: { name: packageName } } } },
      }, options);
      await pleskOperation(connection, {
        command: 'webspace.switch-subscription',
        operations: { webspace: { 'switch-subscription': { filter: { name: domain }, 'plan-guid': textAt(plan, 'guid') } } },
      }, options);
    },

    async changePassword(account, password, options) {
      await pleskOperation(connection, {
        command: 'customer.set',
        secrets: [password],
        operations: { customer: { set: { filter: { login: account.username }, values: { gen_info: { passwd: password } } } } },
      }, options);
    },

    async loginUrl(account, clientIp, options) {
      // The session is bound to the browser's address: any other IP lands on Plesk's login page.
      const session = await pleskOperation(connection, {
        command: 'server.create_session',
        operations: { server: { create_session: {
          login: account.username,
          data: { user_ip: Buffer.from(clientIp).toString('base64'), source_server: '' },
        } } },
      }, options);
      return `${baseUrlOf(connection)}/enterprise/rsession_init.php?PLESKSESSID=${encodeURIComponent(textAt(session, 'id'))}`;
    },

    async usage(account, options) {
      return pleskUsage(connection, await domainOf(account, 'webspace.get', options), options);
    },
  };
}
