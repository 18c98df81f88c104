import { z } from 'zod';
import { allow, defineContract } from '../../protocol.ts';
import { asObject, empty, isoDate } from '../../contracts/shared.ts';
import { DOMAIN_STATUSES } from '../../domains/domains.ts';
import { WHMCS_CSV_MAX_BYTES, WHMCS_IMPORT_BODY_LIMIT_BYTES, WHMCS_IMPORT_TEXTS as T } from './texts.ts';

/** What the import does to one domain (spec section 4, "Import"), or skip, which only an operator or the options choose. */
export const IMPORT_ACTIONS = ['create', 'move_to_new_account', 'update_in_place', 'skip'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

const importAction = z.enum(IMPORT_ACTIONS, { error: T.decisionInvalid });

export const previewRow = z.object({
  /** Line of the file where the row starts (1 is the header). */
  line: z.number().int(),
  domain: z.string(),
  exists: z.boolean(),
  currentAccountId: z.string().nullable(),
  /** The account the WHMCS client maps to; null: unassigned (mapped later on bulk-map). */
  proposedAccountId: z.string().nullable(),
  decision: importAction,
  /** Null for a row WHMCS no longer manages (Cancelled, Transferred Away), which is skipped. */
  status: z.enum(DOMAIN_STATUSES).nullable(),
  /** A supplier id, or 'manual'; null with the status. */
  registrar: z.string().nullable(),
  managementMode: z.enum(['manual', 'api']).nullable(),
  /** Why the account, registrar or decision is what it is, when it is not the obvious. */
  note: z.string().nullable(),
});
export type WhmcsPreviewRow = z.infer<typeof previewRow>;

export const importError = z.object({ domain: z.string().nullable(), line: z.number().int(), error: z.string() });

export const importSummary = z.object({
  /** Data rows of the file: created + updated + skipped + errors. */
  total: z.number().int(),
  createdDomains: z.number().int(),
  updatedDomains: z.number().int(),
  skippedDomains: z.number().int(),
  /** Every row not imported for a fault: malformed, a duplicate in the file, an override the inventory does not allow. */
  errors: z.array(importError),
  /** Every readable row with its decision (in preview, what apply would do; in apply, what it did). */
  rows: z.array(previewRow),
  /** Names of the accounts the rows mention, so the page shows names, not ids. */
  accounts: z.record(z.string(), z.string()),
  /** Columns of the file the import does not read. */
  ignoredColumns: z.array(z.string()),
});
export type WhmcsImportSummary = z.infer<typeof importSummary>;

export const importWhmcsDomains = defineContract({
  name: 'importWhmcsDomains',
  summary: 'Reads a WHMCS domain CSV (docs/whmcs-import.md). preview: what each row would do, writing nothing but the audit entry. '
    + 'apply: creates, moves or updates the domains in batches of 1,000 (a work run with progress, idempotent by domain name). '
    + `Accepts files up to ${WHMCS_CSV_MAX_BYTES / 1024 / 1024} MB. Audited.`,
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  bodyLimitBytes: WHMCS_IMPORT_BODY_LIMIT_BYTES,
  input: z.object({
    csvText: z.string({ error: T.csvRequired }).min(1, T.csvRequired).max(WHMCS_CSV_MAX_BYTES, T.csvTooLarge),
    mode: z.enum(['preview', 'apply'], { error: T.modeInvalid }),
    /** The operator's per-domain override of the computed decision. */
    decisions: z.record(z.string().max(300), importAction).optional(),
    options: z.object({
      /** Move an existing domain to the row's account when it differs. */
      move: z.boolean({ error: 'options.move must be true or false.' }),
      /** Update an existing domain where it is, keeping its account. */
      update: z.boolean({ error: 'options.update must be true or false.' }),
    }, asObject).strict().optional(),
    verifyAfter: z.literal(false, { error: T.verifyAfterInvalid }).optional(),
  }, asObject).strict(),
  output: z.object({ success: z.literal(true), message: z.string(), runId: z.string().nullable(), summary: importSummary }),
});

export const importRun = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed']),
  /** Rows written of `total`. */
  done: z.number().int(),
  total: z.number().int().nullable(),
  createdAt: isoDate,
  finishedAt: isoDate.nullable(),
  error: z.string().nullable(),
  /** The counts once it succeeded, so a page whose call timed out still learns how the run ended. */
  result: z.object({
    total: z.number().int(), created: z.number().int(), updated: z.number().int(), skipped: z.number().int(), errors: z.number().int(),
    firstErrors: z.array(importError),
  }).nullable(),
});

export const getWhmcsImportRun = defineContract({
  name: 'getWhmcsImportRun',
  summary: 'The latest WHMCS import apply as a run: queued, running with rows written of the total, or its end. The import modal follows it while applying.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: empty,
  output: z.object({ run: importRun.nullable() }),
});

export const contracts = { importWhmcsDomains, getWhmcsImportRun };
