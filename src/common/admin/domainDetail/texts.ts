/** Texts of /super-admin/domains/{domain}, the Verification Review panel and their functions (back-office spec, sections 2, 5 and 8). */
export const DOMAIN_DETAIL_TEXTS = {
  loadFailed: 'Failed to load domain details',
  contactsFailed: 'Failed to save contacts',
  nameserversFailed: 'Failed to save nameservers',
  syncFailed: 'Sync failed',
  saveFailed: 'Failed to save changes',
  verifyFailed: 'Verification failed',
  applyFailed: 'Apply corrections failed',
  saved: 'Changes saved successfully',
  noChanges: 'No changes to save',
  confirmRegistrarChange: 'Changing registrar or management mode can affect how this domain is managed. Continue?',
  manuallyManaged: 'Manually Managed',
  whoisMissing: 'No WHOIS data is available for this domain. The registry may hide it behind privacy protection, the lookup may have failed on network issues, or the registrar may not answer the lookup protocol (RDAP or WHOIS).',
  notAvailable: 'N/A',
} as const;

/** Sentences of the functions' refusals and of the sources' reasons. */
export const NO_CHANGES_TO_SAVE = DOMAIN_DETAIL_TEXTS.noChanges;
export const API_NEEDS_SUPPLIER = 'A manually managed domain cannot use API mode: choose its supplier as the registrar first.';
export const UNKNOWN_REGISTRAR = 'Unknown registrar: choose one of the suppliers or Manually Managed.';
export const MANUAL_DOMAIN = 'This domain is managed by hand: no registrar is asked.';
export const SUPPLIER_NOT_CONNECTED = 'Its supplier is not configured on this server, so it cannot be asked.';
export const SUPPLIER_UNKNOWN = 'The supplier did not answer in time: what it holds is unknown. Try again later.';
export const SUPPLIER_REFUSED = (reason: string) => `The supplier could not be read: ${reason}.`;
export const SUPPLIER_LOST = 'The supplier no longer lists this domain.';
export const WHOIS_NOT_LISTED = 'The registry does not list this domain.';
export const WHOIS_UNREACHABLE = 'The registry (RDAP and WHOIS) could not be reached.';
export const WHOIS_UNSUPPORTED = 'The registry of this domain\'s extension cannot be looked up.';
export const WHOIS_BUDGET_SPENT = (seconds: number) => `Registry lookups are paced per operator: try again in ${seconds} s.`;
export const bulkVerifyDone = (ok: number, failed: number) => `Verified ${ok} domain${ok === 1 ? '' : 's'}${failed ? `, ${failed} failed` : ''}.`;

/** Operators' registry lookups for verification, per minute (docs/decisions.md, "Domain detail and verification"). */
export const VERIFY_LOOKUPS_PER_MINUTE = 60;
/** Domains in one bulk verification, and how many are read at once. */
export const BULK_VERIFY_MAX = 100;
export const BULK_VERIFY_CONCURRENCY = 4;
/** Two sources' dates within this much of each other name the same day (registrars and registries stamp different hours). */
export const SAME_DATE_TOLERANCE_MS = 24 * 3600_000;
export const NOTES_MAX = 5000;
