/** Texts of /super-admin/registrars (back-office spec, sections 2 and 8) and its functions' refusals. */
export const REGISTRAR_TEXTS = {
  loadFailed: 'Failed to load suppliers/health',
  syncFailed: 'Failed to sync TLDs',
  syncFailedOne: (supplier: string) => `Failed to sync ${supplier}`,
  syncStarted: 'TLD sync started. Check logs for details.',
  syncCompleted: 'TLD sync completed. Check logs for details.',
  comingSoon: 'Coming soon',
  noSuppliers: 'No suppliers yet. Each registrar configured on the server becomes one at start.',
  testFailed: 'Failed to test the registrar API',
  updateFailed: 'Failed to update the supplier',
  /** The failed TLD sync's alert (spec section 8), followed by the message and details when there are any. */
  tldSyncAlert: 'TLD sync failed. Check the browser console…',
  syncDomains: 'Sync domains',
} as const;

/** Spec section 8: the per-supplier domain sync's success text. */
export const domainSyncCompleted = (supplier: string, created: number, updated: number) =>
  `${supplier} sync completed: created ${created}, updated ${updated}.`;
export const domainSyncStopped = (supplier: string, pages: number, created: number, updated: number, reason: string) =>
  `${supplier}'s domain list could not be read to its end (after ${pages} page${pages === 1 ? '' : 's'}): ${reason} `
  + `Created ${created} and updated ${updated} before that; run the sync again to finish.`;
export const NO_DOMAIN_LIST = (supplier: string) => `${supplier}: Coming soon.`;
export const HELD_AT_OTHER_SUPPLIER = (supplier: string) => `Held at ${supplier}; left alone.`;
export const HELD_BY_HAND = 'Held with no supplier (managed by hand); left alone.';
export const MANAGED_MANUALLY = 'Ours at this supplier in manual mode: an operator keeps it by hand; left alone.';
export const NOT_A_DOMAIN_NAME = 'Not a domain name we can hold; left alone.';

export const SUPPLIER_NOT_FOUND = 'Supplier not found.';
export const SUPPLIER_NOT_CONFIGURED = 'This supplier is not configured on this server (no credentials), so it cannot be activated or tested.';
export const SANDBOX_BESIDE_REAL = 'The sandbox cannot be active beside a real registrar: its prices would win every TLD and failover could complete paid orders with no domain behind them.';
/** FAILED_PRECONDITION of setSupplierActive when deactivating would leave TLDs with domains unsold; `details` lists them. */
export const LAST_SUPPLIER_CODE = 'last_active_supplier';
export const lastSupplierWarning = (supplier: string, tlds: string[], domains: number) =>
  `${supplier} is the last active supplier for ${tlds.map((t) => `.${t}`).join(', ')} (${domains} domain${domains === 1 ? '' : 's'}). `
  + 'Deactivating it stops new registrations of these TLDs and leaves the domains without an active supplier to fail over to. Confirm to deactivate anyway.';
