import type { PanelAccount, PanelCallOptions, PanelConnection, PanelPackage, PanelServerFacts, PanelUsage } from '../panel.ts';
import { PanelError } from '../panel.ts';
import { okResults, pleskCall, type PleskCall, resultCode, resultFailed, resultsOf } from './pleskClient.ts';
import { PLESK_NOT_FOUND, pleskError } from './pleskErrors.ts';
import { child, children, namedValues, textAt, type XmlElement } from './pleskXml.ts';

/*
 * Reads. An account is a customer (login = the portal's username) and the webspace it owns; both
 * are fetched in one packet with the service plans, since a webspace names its plan only by GUID.
 */

/** Plesk's customer logins it refuses whatever exists (plesk.com/kb on login limits). */
const REFUSED_LOGINS = new Set(['root', 'administrator', 'admin']);

const planQuery = { 'service-plan': { get: { filter: '' } } };

/** Results that describe an object (an empty filter on an empty panel answers one bare 'ok'). */
const objects = (results: XmlElement[]) => results.filter((result) => !resultFailed(result) && textAt(result, 'id') !== '');

function plansByGuid(connection: PanelConnection, call: PleskCall, packet: XmlElement): Map<string, string> {
  const plans = objects(okResults(connection, call, packet, 'service-plan', 'get'));
  return new Map(plans.map((plan) => [textAt(plan, 'guid'), textAt(plan, 'name')]));
}

/** An account with the two statuses behind its `suspended` (either may be disabled). */
export interface PleskAccountState {
  account: PanelAccount;
  customerStatus: string;
  webspaceStatus: string | null;
  /** The portal's service id the customer was made for (its external-id), '' when made elsewhere. */
  externalId: string;
}

function stateOf(customer: XmlElement, webspace: XmlElement | null, plans: Map<string, string>): PleskAccountState {
  const info = child(child(customer, 'data'), 'gen_info');
  const space = webspace ? child(child(webspace, 'data'), 'gen_info') : null;
  const planGuid = webspace ? textAt(child(child(webspace, 'data'), 'subscriptions'), 'subscription', 'plan', 'plan-guid') : '';
  const customerStatus = textAt(info, 'status') || '0';
  const webspaceStatus = space ? textAt(space, 'status') || '0' : null;
  const ref: Record<string, string> = { customerId: textAt(customer, 'id') };
  if (webspace) ref.webspaceId = textAt(webspace, 'id');
  const account: PanelAccount = {
    username: textAt(info, 'login'),
    domain: space ? textAt(space, 'name') || null : null,
    package: plans.get(planGuid) ?? null,
    suspended: customerStatus !== '0' || (webspaceStatus ?? '0') !== '0',
    suspendReason: null,
    email: textAt(info, 'email') || null,
    ref,
  };
  return { account, customerStatus, webspaceStatus, externalId: textAt(info, 'external-id') };
}

/** The customer named `username` with its webspace, or null when Plesk has no such customer. */
export async function findPleskAccount(connection: PanelConnection, username: string, options?: PanelCallOptions): Promise<PanelAccount | null> {
  return (await readPleskAccount(connection, username, options))?.account ?? null;
}

export async function readPleskAccount(connection: PanelConnection, username: string, options?: PanelCallOptions): Promise<PleskAccountState | null> {
  const call: PleskCall = {
    command: 'customer.get+webspace.get',
    operations: {
      customer: { get: { filter: { login: username }, dataset: { gen_info: '' } } },
      webspace: { get: { filter: { 'owner-login': username }, dataset: { gen_info: '', subscriptions: '' } } },
      ...planQuery,
    },
  };
  const packet = await pleskCall(connection, call, options);
  const [customer] = resultsOf(packet, 'customer', 'get');
  if (!customer) throw new PanelError('unknown', 'Plesk answered customer.get without a result.', { panel: 'plesk', command: call.command });
  if (resultFailed(customer) && resultCode(customer) === PLESK_NOT_FOUND) return null;
  okResults(connection, call, packet, 'customer', 'get');
  // A customer without a webspace (a create cut short) answers the webspace query with "not found".
  const webspace = objects(resultsOf(packet, 'webspace', 'get'))[0] ?? null;
  return stateOf(customer, webspace, plansByGuid(connection, call, packet));
}

/** Whether a new customer may take `username`: no customer has it, no system (FTP) user has it, Plesk accepts it. */
export async function pleskUsernameAvailable(connection: PanelConnection, username: string, options?: PanelCallOptions): Promise<boolean> {
  if (REFUSED_LOGINS.has(username.toLowerCase())) return false;
  const call: PleskCall = {
    command: 'customer.get+ftp-user.get',
    operations: {
      customer: { get: { filter: { login: username }, dataset: { gen_info: '' } } },
      'ftp-user': { get: { filter: { name: username } } },
    },
  };
  const packet = await pleskCall(connection, call, options);
  const taken = (object: string) => {
    const results = resultsOf(packet, object, 'get');
    const failed = results.find(resultFailed);
    if (failed && resultCode(failed) !== PLESK_NOT_FOUND) throw pleskError(connection, call.command, resultCode(failed), textAt(failed, 'errtext'));
    return objects(results).length > 0;
  };
  return !taken('customer') && !taken('ftp-user');
}

/** Every customer with its webspace (the import's source). */
export async function listPleskAccounts(connection: PanelConnection, options?: PanelCallOptions): Promise<PanelAccount[]> {
  const call: PleskCall = {
    command: 'customer.get+webspace.get',
    operations: {
      customer: { get: { filter: '', dataset: { gen_info: '' } } },
      webspace: { get: { filter: '', dataset: { gen_info: '', subscriptions: '' } } },
      ...planQuery,
    },
  };
  const packet = await pleskCall(connection, call, options);
  const customers = objects(okResults(connection, call, packet, 'customer', 'get'));
  const webspaces = objects(okResults(connection, call, packet, 'webspace', 'get'));
  const plans = plansByGuid(connection, call, packet);
  return customers.map((customer) => {
    const webspace = webspaces.find((space) => textAt(space, 'data', 'gen_info', 'owner-id') === textAt(customer, 'id')) ?? null;
    return stateOf(customer, webspace, plans).account;
  });
}

const LIMIT_LABELS: Record<string, string> = { disk_space: 'Disk', max_traffic: 'Traffic', max_site: 'Sites', max_box: 'Mailboxes', max_db: 'Databases', max_subdom: 'Subdomains' };
const BYTE_LIMITS = new Set(['disk_space', 'max_traffic']);

export async function listPleskPackages(connection: PanelConnection, options?: PanelCallOptions): Promise<PanelPackage[]> {
  const call: PleskCall = { command: 'service-plan.get', operations: planQuery };
  const packet = await pleskCall(connection, call, options);
  return objects(okResults(connection, call, packet, 'service-plan', 'get')).map((plan) => {
    const limits = namedValues(child(plan, 'limits'), 'limit');
    return {
      name: textAt(plan, 'name'),
      limits: Object.fromEntries(Object.entries(limits).filter(([name]) => LIMIT_LABELS[name]).map(([name, value]) => [LIMIT_LABELS[name]!, limitText(name, value)])),
    };
  });
}

function limitText(name: string, value: string): string {
  if (value === '-1') return 'unlimited';
  return BYTE_LIMITS.has(name) ? `${Math.round(Number(value) / 1024 / 1024)} MB` : value;
}

/** Version and customer count from the server's statistics, the customer limit from its licence key. */
export async function pleskServerFacts(connection: PanelConnection, options?: PanelCallOptions): Promise<PanelServerFacts> {
  const call: PleskCall = { command: 'server.get', operations: { server: { get: { key: '', stat: '' } } } };
  const packet = await pleskCall(connection, call, options);
  const [result] = okResults(connection, call, packet, 'server', 'get');
  const stat = child(result, 'stat');
  const limit = namedValues(child(result, 'key'), 'property').lim_cl;
  const count = textAt(stat, 'objects', 'clients');
  return {
    version: textAt(stat, 'version', 'plesk_version') || null,
    accounts: count === '' ? null : Number(count),
    maxAccounts: limit === undefined || limit === '-1' || limit === '' ? null : Number(limit),
  };
}

const MB = 1024 * 1024;
const megabytes = (bytes: string) => (bytes === '' || bytes === '-1' ? null : Math.round(Number(bytes) / MB));

/** Disk (the sum of disk_usage's areas), traffic this month and mailboxes of the account's webspace. */
export async function pleskUsage(connection: PanelConnection, domain: string, options?: PanelCallOptions): Promise<PanelUsage> {
  const call: PleskCall = {
    command: 'webspace.get',
    operations: { webspace: { get: { filter: { name: domain }, dataset: { limits: '', stat: '', disk_usage: '' } } } },
  };
  const packet = await pleskCall(connection, call, options);
  const [result] = okResults(connection, call, packet, 'webspace', 'get');
  const data = child(result, 'data');
  const limits = namedValues(child(data, 'limits'), 'limit');
  const disk = children(data, 'disk_usage')[0]?.children ?? [];
  const box = textAt(data, 'stat', 'box');
  return {
    diskUsedMb: disk.length ? Math.round(disk.reduce((sum, area) => sum + (Number(area.text) || 0), 0) / MB) : null,
    diskLimitMb: megabytes(limits.disk_space ?? ''),
    bandwidthUsedMb: megabytes(textAt(data, 'stat', 'traffic')),
    bandwidthLimitMb: megabytes(limits.max_traffic ?? ''),
    mailboxes: box === '' ? null : Number(box),
  };
}
