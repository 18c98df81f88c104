/** Texts and limits of the import of accounts that already exist on a hosting server (issue 22). */

/** Accounts one import may name: a page of the table, and a transaction that stays short. */
export const HOSTING_IMPORT_MAX_ITEMS = 500;

/** Why an account was not imported, per item of the answer. */
export const HOSTING_IMPORT_SKIP_REASONS = ['already_imported', 'held_by_terminated', 'not_on_panel', 'unknown_account', 'unknown_product'] as const;
export type HostingImportSkipReason = (typeof HOSTING_IMPORT_SKIP_REASONS)[number];

export const HOSTING_IMPORT_SKIP_TEXTS: Record<HostingImportSkipReason, string> = {
  already_imported: 'Already a service in the portal.',
  held_by_terminated: 'A terminated service in the portal still holds this username on this server.',
  not_on_panel: 'The panel no longer has this account.',
  unknown_account: 'No customer account has this id.',
  unknown_product: 'The product is not mapped to this panel.',
};

export const HOSTING_IMPORT_TEXTS = {
  serverNotFound: 'Server not found.',
  itemsRequired: 'Choose at least one account to import.',
  tooManyItems: `Import at most ${HOSTING_IMPORT_MAX_ITEMS} accounts at a time.`,
  duplicateUsername: 'Each username may appear only once.',
  usernameRequired: 'Each account needs its username.',
  /** A panel error, as a 503: the panel's own reason follows. */
  panelFailed: (server: string, reason: string) => `The accounts of ${server} could not be read: ${reason}`,
  credentialsUnreadable: (server: string, reason: string) => `The credentials of ${server} cannot be read: ${reason}`,
  /** Kept on an account that was suspended on the panel when it was imported. */
  suspendedBeforeImport: 'Suspended on the panel before import',
  previewDone: (accounts: number) => `${accounts} account${accounts === 1 ? '' : 's'} on the server.`,
  importDone: (imported: number, skipped: number) => `Imported ${imported} account${imported === 1 ? '' : 's'}, skipped ${skipped}.`,
  noAccounts: 'No accounts on this server',
  noAccountsHint: 'Accounts made on the panel by hand show here, ready to be mapped to customers.',
  loadFailed: "Failed to load the server's accounts",
  importFailed: 'Import failed',
  chooseAccount: 'Choose the customer account',
  importButton: (n: number) => `Import ${n} account${n === 1 ? '' : 's'}`,
  noProduct: 'No product (package name)',
  inPortal: 'In the portal',
  terminatedInPortal: 'Terminated in the portal',
} as const;
