/** Texts and limits of the WHMCS domain import (back-office spec, sections 2, 4, 8 and 9). */

/** The CSV an operator may send: at least the 32 MB; the reader refuses above this. */
export const WHMCS_CSV_MAX_BYTES = 40 * 1024 * 1024;
/** JSON escapes a CSV's quotes and line ends (2 bytes each): the request may be this much larger than the file. */
export const WHMCS_IMPORT_BODY_LIMIT_BYTES = 56 * 1024 * 1024;
/** Rows written per transaction while applying; no transaction spans two batches. */
export const WHMCS_APPLY_BATCH_ROWS = 1_000;
/** The modal lists this many errors, then '...and N more' (spec section 9). */
export const WHMCS_ERRORS_SHOWN = 10;

export const WHMCS_IMPORT_TEXTS = {
  importFailed: 'Import failed',
  applyFailed: 'Apply failed',
  csvTooLarge: `The file is larger than ${WHMCS_CSV_MAX_BYTES / 1024 / 1024} MB.`,
  csvRequired: 'Choose a WHMCS domain CSV file.',
  /** The reader's own sentence (readWhmcsCsv.ts), said by the page before sending bytes that are not UTF-8. */
  notUtf8: 'The file is not UTF-8 text (it holds binary data or another encoding). Export it again as UTF-8 CSV.',
  modeInvalid: "mode must be 'preview' or 'apply'.",
  decisionInvalid: "Each decision must be 'create', 'move_to_new_account', 'update_in_place' or 'skip'.",
  verifyAfterInvalid: 'verifyAfter can only be false: verify imported domains afterwards with Bulk Verify.',
  previewDone: (rows: number) => `Preview of ${rows.toLocaleString('en')} row${rows === 1 ? '' : 's'}: nothing has been written yet.`,
  applyDone: (created: number, updated: number, skipped: number, errors: number) =>
    `Import applied: ${created} created, ${updated} updated, ${skipped} skipped, ${errors} error${errors === 1 ? '' : 's'}.`,
  decisionNotInFile: (domain: string) => `The decisions name ${domain}, which is not a row of the file.`,
  decisionNotADomain: (key: string) => `The decisions name "${key.slice(0, 80)}", which is not a domain name.`,
} as const;

/** Why a row's decision or account is what it is; shown beside the row in the preview. */
export const WHMCS_ROW_NOTES = {
  noClientEmail: 'The row names no client e-mail: the domain stays unassigned until it is mapped.',
  unknownClient: (email: string) => `No account has the billing or owner e-mail ${email}: the domain stays unassigned until it is mapped.`,
  ambiguousClient: (email: string, n: number) => `${n} accounts have the e-mail ${email}: the domain stays unassigned until it is mapped.`,
  unknownRegistrar: (registrar: string) => `No supplier "${registrar}" here: managed manually.`,
  onlyMoves: 'Only moves were asked for, and the account is the same.',
  operatorSkipped: 'Skipped by the operator.',
} as const;

/** A per-row decision the operator overrode that the inventory does not allow (checked when applied). */
export const WHMCS_OVERRIDE_ERRORS = {
  createExisting: (domain: string) => `${domain} is already in the inventory, so it cannot be created; preview again.`,
  changeMissing: (domain: string) => `${domain} is not in the inventory, so it can only be created or skipped.`,
  moveWithoutAccount: (domain: string) => `${domain} has no account to move to: the client's e-mail matches no account.`,
} as const;

export const WHMCS_DECISION_LABELS = {
  create: 'Create',
  move_to_new_account: 'Move to new account',
  update_in_place: 'Update in place',
  skip: 'Skip',
} as const;
