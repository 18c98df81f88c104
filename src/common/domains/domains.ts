/**
 * Domains an account holds: status values, the expiry rules of the list and detail pages
 * (spec §4, §9), the list's filters and sort fields, and the texts of the domain pages.
 */

export const DOMAIN_STATUSES = ['active', 'pending', 'expired', 'suspended'] as const;
export type DomainStatus = (typeof DOMAIN_STATUSES)[number];

/** Badge colours of the spec: green, yellow, red, grey. */
export const DOMAIN_STATUS_COLORS: Record<DomainStatus, string> = { active: 'green', pending: 'yellow', expired: 'red', suspended: 'gray' };

export const DOMAIN_STATUS_FILTERS = ['all', ...DOMAIN_STATUSES] as const;
export type DomainStatusFilter = (typeof DOMAIN_STATUS_FILTERS)[number];

export const DOMAIN_SORT_FIELDS = ['domain', 'status', 'registrationDate', 'expirationDate'] as const;
export type DomainSortField = (typeof DOMAIN_SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

/** 'Expiring soon' on the summary cards: 1 to 30 days left. */
export const EXPIRING_SOON_DAYS = 30;
export const EXPIRY_RED_DAYS = 7;
/** Reminder e-mails to the billing contact, this many days before expiry. */
export const EXPIRY_REMINDER_DAYS = [30, 7] as const;
/** Auto-renewal runs this many days ahead of expiry (and every day after, until it succeeds or the domain expires). */
export const AUTO_RENEW_DAYS_AHEAD = 14;
export const RENEWAL_YEARS = { min: 1, max: 10 } as const;
export const MAX_NAMESERVERS = 13;
export const MIN_NAMESERVERS = 2;
/** verifyManagedDomainsBulk and the list's selection. */
export const BULK_DOMAINS_MAX = 100;
/** Rows per page of listDomains and /domains: at 10,000 domains, 50 a page missed the 25 ms p99 target (docs/performance.md). */
export const DOMAINS_PAGE_SIZE = 25;

const DAY_MS = 86_400_000;

/** Whole days from now to the expiry, rounded up (an expiry later today is 1 day, one just passed is -0 → 0 or below). */
export function daysUntil(expiresAt: string | null, now: number = Date.now()): number | null {
  if (!expiresAt) return null;
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at)) return null;
  return Math.ceil((at - now) / DAY_MS);
}

export interface ExpiryWarning {
  text: string;
  color: 'red' | 'yellow';
}

/** 'Expired' below 0 days; 'Expires in N days' red at 7 or fewer, yellow at 30 or fewer; none beyond. */
export function expiryWarning(expiresAt: string | null, now: number = Date.now()): ExpiryWarning | null {
  const days = daysUntil(expiresAt, now);
  if (days === null) return null;
  if (days < 0) return { text: 'Expired', color: 'red' };
  if (days <= EXPIRY_RED_DAYS) return { text: `Expires in ${days} days`, color: 'red' };
  if (days <= EXPIRING_SOON_DAYS) return { text: `Expires in ${days} days`, color: 'yellow' };
  return null;
}

/** The summary card's rule: more than 0 and at most 30 days left. */
export function isExpiringSoon(expiresAt: string | null, now: number = Date.now()): boolean {
  const days = daysUntil(expiresAt, now);
  return days !== null && days > 0 && days <= EXPIRING_SOON_DAYS;
}

// Texts of the spec (§2, §8).
export const NO_ACTIVE_ACCOUNT_DOMAINS = 'Please select an active account to manage domains.';
export const NO_DOMAINS = 'No domains registered';
export const NO_DOMAINS_MATCH = 'No domains match your filters';
export const DOMAINS_LOAD_FAILED = 'Could not load domains. Please try again.';
export const DOMAIN_LOAD_FAILED = 'Failed to load domain';
export const CONTACTS_SAVE_FAILED = 'Failed to save contacts';
export const SYNC_FAILED = 'Sync failed';
export const DOMAIN_NOT_FOUND = 'Domain not found';
export const CONTACTS_INVALID_JSON = 'The contacts are not valid JSON. Fix them before saving.';
