/** Texts and rules of the back office's Accounts pages and functions (spec back-office §2 Accounts, §3 Account, §8, §9); no zod here, pages import it. */

export const ACCOUNTS_PAGE_SIZE = 25;
/** The plain list for pickers: enough for any form's select, bounded so one call cannot read the whole table. */
export const ACCOUNT_PICKER_MAX = 500;
export const ACCOUNT_SEARCH_MIN = 2;
export const ACCOUNT_SEARCH_RESULTS = 10;
/** At this length a text that matched no name is tried as an account id. */
export const ACCOUNT_ID_LOOKUP_MIN = 8;
/** 'Active' counts domain orders over this window. */
export const ACTIVITY_WINDOW_DAYS = 30;
/** In the detail page, each list shows this many of the newest rows. */
export const ACCOUNT_DETAIL_LIST_MAX = 50;

export const ACCOUNT_NAME_MAX = 100;

export const ACCOUNT_SORT_FIELDS = ['createdAt', 'name'] as const;
export type AccountSortField = (typeof ACCOUNT_SORT_FIELDS)[number];

export const ACTIVITY_LABELS = ['Very Active', 'Active', 'Established', 'Inactive'] as const;
export type ActivityLabel = (typeof ACTIVITY_LABELS)[number];

/** The spec's rules, in its order: more than 5 recent orders, more than 1, any domain, else inactive. */
export function activityLabel(recentOrderCount: number, domainCount: number): ActivityLabel {
  if (recentOrderCount > 5) return 'Very Active';
  if (recentOrderCount > 1) return 'Active';
  if (domainCount > 0) return 'Established';
  return 'Inactive';
}

// Validation and errors.
export const ACCOUNT_NAME_REQUIRED_ADMIN = 'Account name is required.';
export const ACCOUNT_NAME_TOO_LONG = `Account name must be at most ${ACCOUNT_NAME_MAX} characters.`;
export const BILLING_EMAIL_INVALID = 'Billing email must be a valid email address.';
export const OWNER_EMAIL_REQUIRED = 'Owner email is required: the account belongs to a customer, not to you.';
export const OWNER_EMAIL_INVALID = 'Owner email must be a valid email address.';
export const OWNER_NOT_FOUND = 'No user has this owner email address; the owner must sign up first.';
export const NOTHING_TO_UPDATE = 'There is nothing to update.';
export const ADMIN_ACCOUNT_NOT_FOUND = 'Account not found.';
export const TRANSFER_TARGET_NOT_FOUND = 'The account to receive the domains was not found.';
export const TRANSFER_TO_SELF = 'The domains cannot be transferred to the account being deleted.';
export const ACCOUNT_HAS_ORDER_IN_PROGRESS = 'This account has a domain registration in progress; wait for it to finish before deleting the account.';
export const SEARCH_TOO_SHORT = `Type at least ${ACCOUNT_SEARCH_MIN} characters to search accounts.`;
export const INVALID_ACCOUNTS_CURSOR = 'This page link is no longer valid.';

// Page texts (spec §8).
export const NO_ACCOUNTS_FOUND = 'No accounts found';
export const ACCOUNTS_LOAD_FAILED = 'Failed to load accounts';
export const createFailed = (error: string | null) => `Create failed: ${error || 'Unknown error'}`;
export const updateFailed = (error: string | null) => `Update failed: ${error || 'Unknown error'}`;
export const deleteFailed = (error: string | null) => `Error deleting account: ${error || 'Unknown error'}`;
export const ACCOUNT_DETAIL_LOAD_FAILED = 'Failed to load account';
export const DETAIL_EMPTY = {
  members: 'No members.',
  domains: 'No domains.',
  orders: 'No domain orders.',
  subscriptions: 'No subscriptions.',
  invoices: 'No invoices.',
  tickets: 'No tickets.',
} as const;
