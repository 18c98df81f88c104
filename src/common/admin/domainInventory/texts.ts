/** The back office's domain inventory and bulk mapping (issue 19): the spec's texts and constants; pages import these, never zod. */

export const INVENTORY_PAGE_SIZE = 25;
export const INVENTORY_PAGE_MAX = 100;

/** The registrar value of a domain kept by hand, with no supplier (spec §3: default manual). */
export const MANUAL_REGISTRAR = 'manual';
/** The add form's choice for MANUAL_REGISTRAR (spec §3). */
export const MANUALLY_MANAGED = 'Manually Managed';
/** The registrar column's word for a domain without a supplier. */
export const MANUAL_REGISTRAR_NAME = 'Manual';
/** The account filter's value for domains that belong to no account (spec: accountId null). */
export const UNASSIGNED = 'unassigned';

export const MANAGEMENT_MODES = ['manual', 'api'] as const;
export type ManagementMode = (typeof MANAGEMENT_MODES)[number];
export const MANAGEMENT_MODE_LABELS: Record<ManagementMode, string> = { manual: 'Manual', api: 'API' };

export const INVENTORY_SORT_FIELDS = ['domain', 'expiryAt'] as const;
export type InventorySortField = (typeof INVENTORY_SORT_FIELDS)[number];

export const INVENTORY_NOTES_MAX = 5_000;
export const INVENTORY_NAMESERVERS_MAX = 13;

// Spec §8 (inventory) and §5.
export const FAILED_TO_LOAD_DOMAINS = 'Failed to load domains';
export const FAILED_TO_CREATE_DOMAIN = 'Failed to create domain';
export const FAILED_TO_UPDATE_DOMAIN = 'Failed to update domain';
export const FAILED_TO_UPDATE = 'Failed to update';
export const FAILED_TO_CREATE = 'Failed to create';
export const UNKNOWN_ERROR = 'Unknown error';
export const FAILED_TO_ASSIGN = 'Failed to assign';
export const NO_DOMAINS_FOUND = 'No domains found.';
export const PLEASE_SELECT_ACCOUNT = 'Please select an account';
/** Bulk Add (spec §5, bulk import): the account picker's hint while none is chosen, and an empty list on Preview. */
export const SELECT_ACCOUNT_FOR_BULK_IMPORT = 'Please select an account for bulk import';
export const ENTER_AT_LEAST_ONE_DOMAIN = 'Please enter at least one domain';
export const SELECT_AT_LEAST_ONE_DOMAIN = 'Select at least one domain';
export const CONFIRM_BULK_DELETE = 'Delete selected domains? This cannot be undone.';
export const SAME_ACCOUNT = 'This domain already exists under this account ID';
export const assignmentComplete = (ok: number, failed: number) => `Assignment complete: ${ok} ok, ${failed} failed`;
/** Bulk Add's failure list shows this many, then '...and N more' (spec §9). */
export const FAILURES_SHOWN = 10;
export const andMore = (n: number) => `...and ${n} more`;

// Our sentences for the server's refusals.
export const INVALID_INVENTORY_CURSOR = 'This page link is no longer valid. Reload the list.';
export const SEARCH_NOT_A_NAME = 'Search by the start of a domain name: letters, digits, dots and hyphens.';
export const INVENTORY_DOMAIN_NOT_FOUND = 'This domain is not in the inventory.';
export const INVENTORY_ACCOUNT_NOT_FOUND = 'This account does not exist.';
export const INVENTORY_SUPPLIER_NOT_FOUND = 'This registrar does not exist. Choose one from the list or Manually Managed.';
export const domainAlreadyInInventory = (domain: string) => `${domain} is already in the inventory.`;
export const DOMAIN_BUSY = 'This domain has a paid order that is not finished or a registrar call in progress. Finish or cancel the order first.';
export const ACCOUNT_CHANGED_MEANWHILE = 'This domain changed meanwhile: it no longer belongs to the account you saw. Reload and try again.';
export const domainCreated = (domain: string) => `${domain} was added to the inventory.`;
