import { mapLimit } from '../../registrars/mapLimit.ts';
import type { PanelAccount, PanelCallOptions, PanelPackage, PanelUsage } from '../panel.ts';
import { PanelError } from '../panel.ts';
import type { DirectadminCall } from './directadminClient.ts';

/** Reads of accounts and packages: SHOW_USERS, SHOW_USER_CONFIG, SHOW_USER_USAGE, PACKAGES_USER. */

// One server answers its own per-account reads; a few at once keeps an import quick without crowding it.
const READ_CONCURRENCY = 4;

export async function listUsernames(call: DirectadminCall, options?: PanelCallOptions): Promise<string[]> {
  const answer = await call({ command: 'CMD_API_SHOW_USERS', method: 'GET', params: {} }, options);
  // An empty list may come as a lone `list[]=`.
  return (answer.lists.list ?? []).filter(Boolean);
}

const orNull = (value: string | undefined) => (value === undefined || value === '' ? null : value);

export async function readAccount(call: DirectadminCall, username: string, options?: PanelCallOptions): Promise<PanelAccount | null> {
  let values: Record<string, string>;
  try {
    ({ values } = await call({ command: 'CMD_API_SHOW_USER_CONFIG', method: 'GET', params: { user: username } }, options));
  } catch (error) {
    // The text for a missing user is not documented: the user list settles whether it is there.
    if (!(error instanceof PanelError) || !['not_found', 'refused'].includes(error.kind)) throw error;
    if (!(await listUsernames(call, options)).includes(username)) return null;
    throw error;
  }
  if (values.username === undefined && values.domain === undefined) {
    return (await listUsernames(call, options)).includes(username) ? accountOf(username, values) : null;
  }
  return accountOf(username, values);
}

function accountOf(username: string, values: Record<string, string>): PanelAccount {
  const suspended = values.suspended === 'yes';
  return {
    username: values.username ?? username,
    domain: orNull(values.domain),
    package: orNull(values.package),
    suspended,
    suspendReason: suspended ? orNull(values.suspend_reason ?? values.reason) : null,
    email: orNull(values.email),
    ref: {},
  };
}

export async function listAccounts(call: DirectadminCall, options?: PanelCallOptions): Promise<PanelAccount[]> {
  const usernames = await listUsernames(call, options);
  const accounts = await mapLimit(usernames, READ_CONCURRENCY, (username) => readAccount(call, username, options));
  // A user deleted between the list and its read is simply no longer there.
  return accounts.filter((account): account is PanelAccount => account !== null);
}

/** A figure in MB, or null for 'unlimited', a missing value or anything unreadable. */
function megabytes(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '' || /unlimited/i.test(value)) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

export async function readUsage(call: DirectadminCall, username: string, options?: PanelCallOptions): Promise<PanelUsage> {
  const { values: used } = await call({ command: 'CMD_API_SHOW_USER_USAGE', method: 'GET', params: { user: username } }, options);
  const { values: limits } = await call({ command: 'CMD_API_SHOW_USER_CONFIG', method: 'GET', params: { user: username } }, options);
  return {
    diskUsedMb: megabytes(used.quota),
    diskLimitMb: megabytes(limits.quota),
    bandwidthUsedMb: megabytes(used.bandwidth),
    bandwidthLimitMb: megabytes(limits.bandwidth),
    mailboxes: megabytes(used.nemails),
  };
}

/** The limits an operator recognises, named as the back office shows them; DirectAdmin states sizes in MB. */
const LIMIT_LABELS: [key: string, label: string, unit: string][] = [
  ['quota', 'Disk', ' MB'],
  ['bandwidth', 'Bandwidth', ' MB'],
  ['vdomains', 'Domains', ''],
  ['nsubdomains', 'Subdomains', ''],
  ['nemails', 'Mailboxes', ''],
  ['mysql', 'Databases', ''],
  ['ftp', 'FTP accounts', ''],
  ['inode', 'Inodes', ''],
];

export async function listPackages(call: DirectadminCall, options?: PanelCallOptions): Promise<PanelPackage[]> {
  const { lists } = await call({ command: 'CMD_API_PACKAGES_USER', method: 'GET', params: {} }, options);
  return mapLimit(lists.list ?? [], READ_CONCURRENCY, async (name) => {
    const { values } = await call({ command: 'CMD_API_PACKAGES_USER', method: 'GET', params: { package: name } }, options);
    const limits: Record<string, string> = {};
    for (const [key, label, unit] of LIMIT_LABELS) {
      // `u<key>=ON` is DirectAdmin's "unlimited" box; the number beside it is then meaningless.
      if (values[`u${key}`] === 'ON') limits[label] = 'unlimited';
      else if (values[key] !== undefined && values[key] !== '') limits[label] = /unlimited/i.test(values[key]) ? 'unlimited' : `${values[key]}${unit}`;
    }
    return { name, limits };
  });
}
