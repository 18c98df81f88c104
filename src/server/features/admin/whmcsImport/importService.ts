import type { ImportAction, WhmcsImportSummary, WhmcsPreviewRow } from '../../../../common/admin/whmcsImport/contract.ts';
import { WHMCS_APPLY_BATCH_ROWS } from '../../../../common/admin/whmcsImport/texts.ts';
import { accountNames, accountsByEmail } from '../../../access/accountsByEmail.ts';
import { inTransaction } from '../../../db/transaction.ts';
import type { WorkRun } from '../../../jobs/workRuns.ts';
import type { Services } from '../../../rpc/context.ts';
import {
  createImportedDomains, domainsHeld, type HeldDomain, supplierIds, updateImportedDomain, type WhmcsCsvRead, wouldChange,
} from '../../domains/index.ts';
import type { ImportOptions } from './decide.ts';
import { type ImportContext, type PlacedRow, placeRow, prepareRow, type PreparedRow, skippedView, summarise } from './plan.ts';

/** What both modes need: the file read, the operator's choices, and the committed data they are decided against. */
export interface ImportRequest {
  read: WhmcsCsvRead;
  options: ImportOptions | undefined;
  overrides: Map<string, ImportAction>;
}

async function contextOf(services: Services, read: WhmcsCsvRead): Promise<ImportContext> {
  const emails = [...new Set(read.rows.map((r) => r.clientEmail).filter((e): e is string => e !== null))];
  return {
    accountsByEmail: await accountsByEmail(services.db, emails),
    supplierIds: await supplierIds(services.db),
    configuredRegistrars: new Set(services.registrars.map((r) => r.id)),
  };
}

function skippedViews(read: WhmcsCsvRead, held: Map<string, HeldDomain>): WhmcsPreviewRow[] {
  return read.skipped.map((s) => skippedView({ ...s, domain: s.domain! }, held.get(s.domain!)));
}

async function namesOf(services: Services, rows: WhmcsPreviewRow[]): Promise<Map<string, string>> {
  const ids = new Set<string>();
  for (const row of rows) {
    if (row.currentAccountId) ids.add(row.currentAccountId);
    if (row.proposedAccountId) ids.add(row.proposedAccountId);
  }
  return accountNames(services.db, [...ids]);
}

/** Names read per turn of the event loop: SQLite answers synchronously, and a whole file's lookups would stall the process. */
const NAMES_PER_TURN = 5_000;

async function heldInTurns(services: Services, names: string[]): Promise<Map<string, HeldDomain>> {
  const held = new Map<string, HeldDomain>();
  for (let i = 0; i < names.length; i += NAMES_PER_TURN) {
    for (const [name, domain] of await domainsHeld(services.db, names.slice(i, i + NAMES_PER_TURN))) held.set(name, domain);
    await new Promise<void>((resolve) => { setImmediate(resolve); });
  }
  return held;
}

/** What apply would do to each row, against the inventory as it is now. Writes nothing. */
export async function previewImport(services: Services, request: ImportRequest): Promise<WhmcsImportSummary> {
  const { read, options, overrides } = request;
  const ctx = await contextOf(services, read);
  const held = await heldInTurns(services, [...read.rows.map((r) => r.domain), ...read.skipped.map((s) => s.domain!)]);
  const placed = read.rows.map((row) => placeRow(prepareRow(row, ctx), held.get(row.domain), options, overrides.get(row.domain)));
  const skipped = skippedViews(read, held);
  return summarise(read, placed, skipped, await namesOf(services, [...placed.map((p) => p.view), ...skipped]));
}

/**
 * Applies the file in batches of WHMCS_APPLY_BATCH_ROWS, one short transaction each: every batch
 * decides its rows against the inventory as it is inside that transaction, so a domain created
 * meanwhile (another import, an order) is updated rather than created twice, and applying the same
 * file again updates what the first apply created. `written` counts rows written so far, for the
 * failure's audit entry.
 */
export async function applyImport(services: Services, request: ImportRequest, run: WorkRun, written: { rows: number }): Promise<WhmcsImportSummary> {
  const { read, options, overrides } = request;
  const ctx = await contextOf(services, read);
  // Grouped by account: the domains table's indexes lead with the account, so a batch of one
  // account's domains touches a few pages where a batch in file order touched thousands (5 times the write time).
  const prepared = read.rows.map((row) => prepareRow(row, ctx))
    .sort((a, b) => compare(a.proposedAccountId ?? '', b.proposedAccountId ?? '') || compare(a.fields.name, b.fields.name));
  run.progress(0, prepared.length);
  const placed: PlacedRow[] = [];
  for (let i = 0; i < prepared.length; i += WHMCS_APPLY_BATCH_ROWS) {
    const batch = prepared.slice(i, i + WHMCS_APPLY_BATCH_ROWS);
    placed.push(...await inTransaction(services.db, (tx) => applyBatch(tx.db, batch, options, overrides, services.clock.nowIso())));
    written.rows = i + batch.length;
    run.progress(written.rows, prepared.length);
    // better-sqlite3 answers synchronously: without a turn of the event loop between batches, the
    // whole apply would hold every other request of the process (the bench measured a 25 s stall).
    await new Promise<void>((resolve) => { setImmediate(resolve); });
  }
  const skipped = skippedViews(read, await heldInTurns(services, read.skipped.map((s) => s.domain!)));
  return summarise(read, placed, skipped, await namesOf(services, [...placed.map((p) => p.view), ...skipped]));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

async function applyBatch(
  db: Parameters<typeof domainsHeld>[0], batch: PreparedRow[], options: ImportOptions | undefined, overrides: Map<string, ImportAction>, now: string,
): Promise<PlacedRow[]> {
  const held = await domainsHeld(db, batch.map((r) => r.fields.name));
  const placed = batch.map((row) => placeRow(row, held.get(row.fields.name), options, overrides.get(row.fields.name)));
  const fine = placed.filter((p) => p.error === undefined);
  await createImportedDomains(db, fine.filter((p) => p.view.decision === 'create')
    .map((p) => ({ ...p.prepared.fields, accountId: p.prepared.proposedAccountId })), now);
  for (const p of fine) {
    const current = held.get(p.prepared.fields.name);
    if (!current) continue;
    // A row applied a second time changes nothing and is not written again (the import is idempotent by name).
    if (p.view.decision === 'update_in_place' && wouldChange(current, p.prepared.fields)) await updateImportedDomain(db, p.prepared.fields, now);
    if (p.view.decision === 'move_to_new_account' && wouldChange(current, p.prepared.fields, p.prepared.proposedAccountId!)) {
      await updateImportedDomain(db, { ...p.prepared.fields, accountId: p.prepared.proposedAccountId! }, now);
    }
  }
  return placed;
}
