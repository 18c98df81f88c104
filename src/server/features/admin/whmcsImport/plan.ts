import type { ImportAction, WhmcsImportSummary, WhmcsPreviewRow } from '../../../../common/admin/whmcsImport/contract.ts';
import { WHMCS_IMPORT_TEXTS as T, WHMCS_ROW_NOTES as N } from '../../../../common/admin/whmcsImport/texts.ts';
import { invalidArgument } from '../../../rpc/errors.ts';
import { type HeldDomain, type ImportedDomainFields, normalizeDomain, type WhmcsCsvRead, type WhmcsDomainRow, type WhmcsRowIssue } from '../../domains/index.ts';
import { decide, type ImportOptions } from './decide.ts';

/** What the import knows besides the file: committed data read once, before any write. */
export interface ImportContext {
  /** Lower-cased e-mail to the accounts it names (billing e-mail, else owner). */
  accountsByEmail: Map<string, string[]>;
  supplierIds: Set<string>;
  /** Suppliers with an adapter configured on this server: only they get management mode api. */
  configuredRegistrars: Set<string>;
}

/** A row with its account and registrar worked out; the inventory's side comes when it is placed. */
export interface PreparedRow {
  line: number;
  fields: ImportedDomainFields;
  proposedAccountId: string | null;
  notes: string[];
}

export function prepareRow(row: WhmcsDomainRow, ctx: ImportContext): PreparedRow {
  const notes: string[] = [];
  let proposedAccountId: string | null = null;
  if (row.clientEmail === null) notes.push(N.noClientEmail);
  else {
    const ids = ctx.accountsByEmail.get(row.clientEmail) ?? [];
    if (ids.length === 1) proposedAccountId = ids[0]!;
    else notes.push(ids.length === 0 ? N.unknownClient(row.clientEmail) : N.ambiguousClient(row.clientEmail, ids.length));
  }
  let supplierId: string | null | undefined;
  if (row.registrar !== null) {
    const id = row.registrar.toLowerCase();
    supplierId = ctx.supplierIds.has(id) ? id : null;
    if (supplierId === null && id !== 'manual') notes.push(N.unknownRegistrar(row.registrar));
  }
  return {
    line: row.line,
    proposedAccountId,
    notes,
    fields: {
      name: row.domain, status: row.status, supplierId,
      managementMode: supplierId && ctx.configuredRegistrars.has(supplierId) ? 'api' : 'manual',
      registrationDate: startOfDay(row.registrationDate), expirationDate: startOfDay(row.expiryDate),
      autoRenew: row.doNotRenew === null ? null : !row.doNotRenew, privacy: row.idProtection, notes: row.notes,
    },
  };
}

const startOfDay = (day: string | null) => (day === null ? null : `${day}T00:00:00.000Z`);

export interface PlacedRow {
  view: WhmcsPreviewRow;
  prepared: PreparedRow;
  /** Set when the operator's override does not fit the inventory: the row is an error, not written. */
  error?: string;
}

/** The row against the inventory as it is now, with its decision. */
export function placeRow(prepared: PreparedRow, held: HeldDomain | undefined, options: ImportOptions | undefined, override: ImportAction | undefined): PlacedRow {
  const { fields } = prepared;
  const place = { domain: fields.name, exists: held !== undefined, currentAccountId: held?.accountId ?? null, proposedAccountId: prepared.proposedAccountId };
  const decision = decide(place, options, override);
  const supplierId = fields.supplierId === undefined ? (held ? held.supplierId : null) : fields.supplierId;
  const managementMode = fields.supplierId === undefined && held ? held.managementMode : (supplierId ? fields.managementMode : 'manual');
  const notes = [...prepared.notes, ...(decision.note ? [decision.note] : []), ...(decision.error ? [decision.error] : [])];
  return {
    prepared,
    error: decision.error,
    view: {
      line: prepared.line, ...place, decision: decision.action, status: fields.status,
      registrar: supplierId ?? 'manual', managementMode, note: notes.length ? notes.join(' ') : null,
    },
  };
}

/** A row the reader skipped (WHMCS no longer manages the domain), shown with its reason. */
export function skippedView(issue: WhmcsRowIssue & { domain: string }, held: HeldDomain | undefined): WhmcsPreviewRow {
  return {
    line: issue.line, domain: issue.domain, exists: held !== undefined, currentAccountId: held?.accountId ?? null, proposedAccountId: null,
    decision: 'skip', status: null, registrar: null, managementMode: null, note: issue.error,
  };
}

/** The operator's overrides by normalised domain; a key that is no domain, or no row of the file, is refused whole. */
export function readDecisions(decisions: Record<string, ImportAction> | undefined, read: WhmcsCsvRead): Map<string, ImportAction> {
  const byDomain = new Map<string, ImportAction>();
  if (!decisions) return byDomain;
  const inFile = new Set([...read.rows.map((r) => r.domain), ...read.skipped.map((r) => r.domain), ...read.duplicates.map((r) => r.domain)]);
  for (const [key, action] of Object.entries(decisions)) {
    const domain = normalizeDomain(key);
    if (domain === null) throw invalidArgument(T.decisionNotADomain(key));
    if (!inFile.has(domain)) throw invalidArgument(T.decisionNotInFile(domain));
    byDomain.set(domain, action);
  }
  return byDomain;
}

/** The summary: every data row counted once, as created, updated, skipped or an error. */
export function summarise(read: WhmcsCsvRead, placed: PlacedRow[], skipped: WhmcsPreviewRow[], accounts: Map<string, string>): WhmcsImportSummary {
  const errors = [
    ...read.malformed.map((m) => ({ domain: m.domain, line: m.line, error: m.error })),
    ...read.duplicates.map((d) => ({ domain: d.domain, line: d.line, error: d.error })),
    ...placed.filter((p) => p.error !== undefined).map((p) => ({ domain: p.view.domain, line: p.view.line, error: p.error! })),
  ].sort((a, b) => a.line - b.line);
  const fine = placed.filter((p) => p.error === undefined).map((p) => p.view.decision);
  const rows = [...placed.map((p) => p.view), ...skipped].sort((a, b) => a.line - b.line);
  return {
    total: read.rows.length + read.skipped.length + read.malformed.length + read.duplicates.length,
    createdDomains: fine.filter((d) => d === 'create').length,
    updatedDomains: fine.filter((d) => d === 'move_to_new_account' || d === 'update_in_place').length,
    skippedDomains: fine.filter((d) => d === 'skip').length + skipped.length,
    errors,
    rows,
    accounts: Object.fromEntries(accounts),
    ignoredColumns: read.ignoredColumns,
  };
}
