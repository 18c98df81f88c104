import type { CreateAccountRequest, PanelAccount, PanelCallOptions, PanelConnection } from '../panel.ts';
import { PanelError } from '../panel.ts';
import { PANEL_CREATE_TIMEOUT_MS } from '../panelHttp.ts';
import { okResults, pleskCall, pleskOperation } from './pleskClient.ts';
import { readPleskAccount } from './pleskReads.ts';
import { children, textAt } from './pleskXml.ts';

/** The IP a new webspace gets: the server's setting, else the first shared IP Plesk lists. */
async function sharedIp(connection: PanelConnection, options?: PanelCallOptions): Promise<string> {
  if (connection.options.sharedIp) return connection.options.sharedIp;
  const call = { command: 'ip.get', operations: { ip: { get: '' } } };
  const [result] = okResults(connection, call, await pleskCall(connection, call, options), 'ip', 'get');
  const shared = children(children(result, 'addresses')[0], 'ip_info').find((ip) => textAt(ip, 'type') === 'shared');
  if (!shared) throw new PanelError('refused', 'Plesk lists no shared IP address for new subscriptions; set one on the server.', { panel: 'plesk', command: call.command });
  return textAt(shared, 'ip_address');
}

/**
 * Customer, then its webspace (subscription) on the plan. The customer carries our service id as
 * external-id and our username as login, so a create whose answer was lost is found again by login.
 * If Plesk refuses the webspace, the customer made here is deleted (Upmind does the same); if the
 * webspace's answer is lost, nothing is undone: it may exist, and the caller reads the state back.
 * A retry after a lost answer resumes: a customer that already carries this service's external-id
 * is ours, so its webspace is added if missing, or the account answered if it is complete.
 */
export async function createPleskAccount(connection: PanelConnection, request: CreateAccountRequest, options?: PanelCallOptions): Promise<PanelAccount> {
  if (!request.domain) throw new PanelError('refused', 'A Plesk subscription needs a domain.', { panel: 'plesk', command: 'webspace.add' });
  const earlier = await ourEarlierAttempt(connection, request, options);
  if (earlier?.domain) return earlier;
  const ip = await sharedIp(connection, options);
  const secrets = [request.password];
  const customerId = earlier?.ref.customerId ?? textAt(await pleskOperation(connection, {
    command: 'customer.add',
    timeoutMs: PANEL_CREATE_TIMEOUT_MS,
    secrets,
    operations: { customer: { add: { gen_info: {
      pname: request.contactName, login: request.username, passwd: request.password, email: request.email, 'external-id': request.serviceId,
    } } } },
  }, options), 'id');
  let webspaceId: string;
  try {
    const webspace = await pleskOperation(connection, {
      command: 'webspace.add',
      timeoutMs: PANEL_CREATE_TIMEOUT_MS,
      secrets,
      operations: { webspace: { add: {
        gen_setup: { name: request.domain, 'owner-id': customerId, htype: 'vrt_hst', ip_address: ip },
        hosting: { vrt_hst: {
          property: [{ name: 'ftp_login', value: request.username }, { name: 'ftp_password', value: request.password }],
          ip_address: ip,
        } },
        'plan-name': request.package,
      } } },
    }, options);
    webspaceId = textAt(webspace, 'id');
  } catch (error) {
    if (error instanceof PanelError && error.kind !== 'unknown') await undoCustomer(connection, customerId, options);
    throw error;
  }
  return {
    username: request.username, domain: request.domain, package: request.package, suspended: false, suspendReason: null,
    email: request.email, ref: { customerId, webspaceId },
  };
}

/** The account an earlier create for this same service left (its customer, maybe its webspace), else null. */
async function ourEarlierAttempt(connection: PanelConnection, request: CreateAccountRequest, options?: PanelCallOptions): Promise<PanelAccount | null> {
  const found = await readPleskAccount(connection, request.username, options);
  if (!found || found.externalId !== request.serviceId) return null;
  if (found.account.domain && found.account.domain !== request.domain) {
    throw new PanelError('exists', `Plesk customer "${request.username}" already holds another subscription (${found.account.domain}).`, { panel: 'plesk', command: 'customer.add' });
  }
  return found.account;
}

/** Best effort: a customer left behind shows up in the daily reconcile; the webspace's error is the one to report. */
async function undoCustomer(connection: PanelConnection, customerId: string, options?: PanelCallOptions): Promise<void> {
  try {
    await pleskOperation(connection, { command: 'customer.del', operations: { customer: { del: { filter: { id: customerId } } } } }, options);
  } catch {
    // The create's own error is what the caller needs; the orphan is visible in listAccounts.
  }
}
