import type { PanelAccount, PanelPackage, PanelUsage } from '../panel.ts';

/**
 * WHM's account and package shapes as the portal's. An account entry is the same in
 * `accountsummary` and `listaccts` (`data.acct[]`): `user, domain, plan, email, suspended 0/1,
 * suspendreason ("not suspended" when active), diskused "14M", disklimit "500M"/"unlimited"`.
 */
export function accountOf(acct: Record<string, unknown>): PanelAccount | null {
  const username = text(acct.user);
  if (!username) return null;
  const suspended = truthy(acct.suspended);
  const reason = text(acct.suspendreason);
  return {
    username,
    domain: text(acct.domain),
    package: text(acct.plan),
    suspended,
    suspendReason: suspended && reason && reason !== 'not suspended' ? reason : null,
    email: validEmail(text(acct.email)),
    ref: {},
  };
}

/** `listpkgs` entries (`data.pkg[]`): limits in WHM's upper-case keys, megabytes for disk and bandwidth. */
export function packageOf(pkg: Record<string, unknown>): PanelPackage | null {
  const name = text(pkg.name);
  if (!name) return null;
  const limits: Record<string, string> = {};
  const shown: [string, string, string][] = [
    ['QUOTA', 'Disk', ' MB'], ['BWLIMIT', 'Bandwidth', ' MB'], ['MAXPOP', 'Mailboxes', ''],
    ['MAXSQL', 'Databases', ''], ['MAXFTP', 'FTP accounts', ''], ['MAXSUB', 'Subdomains', ''], ['MAXADDON', 'Addon domains', ''],
  ];
  for (const [key, label, unit] of shown) {
    const value = text(pkg[key]);
    if (value === null) continue;
    limits[label] = /^unlimited$/i.test(value) ? 'unlimited' : `${value}${unit}`;
  }
  return { name, limits };
}

/** Disk from `accountsummary`, bandwidth from `showbw` (bytes); WHM counts no mailboxes there. */
export function usageOf(acct: Record<string, unknown>, bandwidth: Record<string, unknown> | null): PanelUsage {
  return {
    diskUsedMb: megabytes(acct.diskused),
    diskLimitMb: limit(megabytes(acct.disklimit)),
    bandwidthUsedMb: bandwidth ? bytesAsMegabytes(bandwidth.totalbytes) : null,
    bandwidthLimitMb: bandwidth ? limit(bytesAsMegabytes(bandwidth.limit)) : null,
    mailboxes: null,
  };
}

const UNIT_MB: Record<string, number> = { '': 1, B: 1 / 1_048_576, K: 1 / 1024, M: 1, G: 1024, T: 1_048_576 };

/** "14M", "1.5G", "500M", "none"/"unlimited" (null): a size as WHM prints it, in megabytes. */
export function megabytes(value: unknown): number | null {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([BKMGT]?)i?B?\s*$/i.exec(String(value ?? ''));
  if (!match) return null;
  const amount = Number(match[1]) * UNIT_MB[match[2]!.toUpperCase()]!;
  return Math.round(amount * 100) / 100;
}

/** WHM states "no limit" as 0 as well as "unlimited". */
const limit = (megabytes: number | null) => (megabytes === 0 ? null : megabytes);

function bytesAsMegabytes(value: unknown): number | null {
  const bytes = typeof value === 'number' ? value : /^\d+$/.test(String(value ?? '')) ? Number(value) : null;
  if (bytes === null) return null;
  return Math.round((bytes / 1_048_576) * 100) / 100;
}

function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

const truthy = (value: unknown) => value === 1 || value === '1' || value === true;

const validEmail = (value: string | null) => (value && value.includes('@') ? value : null);
