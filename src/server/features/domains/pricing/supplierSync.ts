import { record } from '../../../audit/record.ts';
import { inTransaction, type Tx } from '../../../db/transaction.ts';
import { type Registrar, RegistrarError, type TldCost } from '../../../integrations/registrars/registrar.ts';
import { runWork, type WorkRun } from '../../../jobs/workRuns.ts';
import type { Services } from '../../../rpc/context.ts';
import { countChanges, normalizeTldCosts } from './supplierSyncCosts.ts';
import { tldSyncAnswer } from './tldSyncAnswer.ts';
import { splitHeldChanges } from './costHolds.ts';
import { replacePendingHolds } from './costHoldsRepository.ts';
import {
  countCostsBySupplier, currentSupplierCosts, deactivateSupplier, insertSuppliersIfMissing, listSuppliers, markSynced, markSyncFailed,
  removeSupplierCosts, replaceSupplierCosts, type SupplierRow,
} from './supplierSyncRepository.ts';
import { GLOBAL_MARKUP_TLD, insertMarkupIfMissing, type Markup } from './tldPricesRepository.ts';

/** A supplier's price list may be long (thousands of TLDs, paged): a minute, in the background. */
export const BACKGROUND_SYNC_TIMEOUT_MS = 60_000;
/** An operator waits for the answer on the page (the web client gives up after 70 s): a shorter bound. */
export const OPERATOR_SYNC_TIMEOUT_MS = 20_000;

/** Not sold at cost out of the box: 25 % until operators set markups. */
export const DEFAULT_GLOBAL_MARKUP: Markup = { kind: 'percent', value: 2500 };

// A failed supplier keeps its previous costs (the answer's tldCount says how many).
export const NOT_CONFIGURED = 'This supplier is not configured in this installation, so it sells nothing.';
const EMPTY_LIST = 'The supplier listed no TLDs.';
const UNREADABLE = 'The supplier\'s price list could not be read.';
const timedOut = (ms: number) => `The supplier did not answer within ${ms / 1000} s.`;

export interface SupplierSyncResult {
  id: string;
  name: string;
  /** TLDs on record for the supplier after this sync (the kept ones when it failed). */
  tldCount: number;
  /** TLDs it listed for the first time, and those whose costs changed; held changes count once approved. */
  newTlds: number;
  updatedTlds: number;
  error: string | null;
  /** When this sync ran. */
  syncedAt: string;
}

type Fetched = { supplier: SupplierRow } & ({ costs: TldCost[] } | { error: string; removeCosts?: boolean });

/**
 * One row per registrar this process knows, created when missing. The sandbox is active only
 * when no real registrar is configured: its cheap prices would otherwise win every TLD, and
 * failover could "complete" a paid order there, so customers would pay for names nobody
 * registers (docs/decisions.md). An installation that first started without credentials has an
 * active sandbox row: the first start with a real registrar switches it off (issue 18, point 8).
 */
export async function ensureDomainSuppliers(services: Pick<Services, 'db' | 'registrars'>): Promise<void> {
  const realConfigured = services.registrars.some((r) => r.id !== 'sandbox');
  await insertSuppliersIfMissing(services.db, services.registrars.map((r) => ({
    id: r.id, name: r.name, isActive: r.id !== 'sandbox' || !realConfigured,
  })));
  if (realConfigured) await deactivateSupplier(services.db, 'sandbox');
}

/**
 * At start: the suppliers and the default markup exist, and suppliers never synced are synced
 * now, so a new installation prices (and searches) from its first start.
 */
export async function ensureDomainPricing(services: Services): Promise<SupplierSyncResult[]> {
  await ensureDomainSuppliers(services);
  await insertMarkupIfMissing(services.db, GLOBAL_MARKUP_TLD, DEFAULT_GLOBAL_MARKUP);
  const neverSynced = (await listSuppliers(services.db)).filter((s) => s.is_active && s.last_synced_at === null);
  if (neverSynced.length === 0) return [];
  return syncInBackground(services, neverSynced);
}

/**
 * The daily job and the first start: a 'tld-sync' run of the system's (requested by no one), as
 * an operator's is. Suppliers are asked outside any transaction, then their answers written in one.
 */
export async function syncInBackground(services: Services, suppliers?: SupplierRow[], signal?: AbortSignal): Promise<SupplierSyncResult[]> {
  return runWork(services, { kind: 'tld-sync', requestedBy: null }, async (run) => {
    const chosen = suppliers ?? (await listSuppliers(services.db)).filter((s) => s.is_active);
    const fetched = await fetchSupplierCosts(services, chosen, BACKGROUND_SYNC_TIMEOUT_MS, signal, progressOf(run, chosen.length));
    return inTransaction(services.db, async (tx) => {
      const suppliersSynced = await writeSyncResults(tx, fetched, { actor: null, holdShare: services.config.SUPPLIER_COST_HOLD_SHARE }, services.clock.nowIso());
      await run.complete(tx, tldSyncAnswer(suppliersSynced, run.id));
      return suppliersSynced;
    }, services.log);
  });
}

/** A TLD sync's progress: suppliers that answered (or failed) of those asked. */
export function progressOf(run: WorkRun, suppliers: number): () => void {
  let answered = 0;
  run.progress(answered, suppliers);
  return () => run.progress(++answered, suppliers);
}

/** Each supplier's price list, all at once, each bounded by `timeoutMs`; a failure is that supplier's alone. */
export async function fetchSupplierCosts(
  services: Pick<Services, 'registrars' | 'log'>, suppliers: SupplierRow[], timeoutMs: number, signal?: AbortSignal, onAnswered?: () => void,
): Promise<Fetched[]> {
  return Promise.all(suppliers.map(async (supplier) => {
    const answer = await fetchOne(services, supplier, timeoutMs, signal);
    onAnswered?.();
    return answer;
  }));
}

async function fetchOne(services: Pick<Services, 'registrars' | 'log'>, supplier: SupplierRow, timeoutMs: number, signal?: AbortSignal): Promise<Fetched> {
  const registrar = services.registrars.find((r) => r.id === supplier.id);
  if (!registrar) return { supplier, error: NOT_CONFIGURED, removeCosts: true };
  try {
    const costs = normalizeTldCosts(await listWithin(registrar, timeoutMs, signal));
    return costs.length > 0 ? { supplier, costs } : { supplier, error: EMPTY_LIST };
  } catch (error) {
    // A supplier that publishes no price list (Cloudflare) has nothing to sync: no costs, and no error either.
    if (error instanceof RegistrarError && error.kind === 'unsupported') return { supplier, costs: [] };
    if (error instanceof RegistrarError) return { supplier, error: error.message };
    if (error instanceof TimeoutError) return { supplier, error: timedOut(timeoutMs) };
    // Not ours to show: an unexpected error may carry a URL with credentials in it.
    services.log.error({ err: error, supplier: supplier.id }, 'TLD cost sync failed');
    return { supplier, error: UNREADABLE };
  }
}

class TimeoutError extends Error {}

/** The adapter gets the signal; the race makes the bound hold even if it ignored it. */
async function listWithin(registrar: Registrar, timeoutMs: number, outer?: AbortSignal): Promise<TldCost[]> {
  const controller = new AbortController();
  const abortFromOuter = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', abortFromOuter, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new TimeoutError());
      controller.abort(new TimeoutError());
    }, timeoutMs);
  });
  try {
    return await Promise.race([registrar.listTldCosts({ signal: controller.signal }), expired]);
  } catch (error) {
    if (controller.signal.aborted && controller.signal.reason instanceof TimeoutError) throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', abortFromOuter);
  }
}

/** Held for an operator when a sync moves a cost by more than this share, or to zero (SUPPLIER_COST_HOLD_SHARE). */
export const DEFAULT_HOLD_SHARE = 0.5;

/**
 * Writes what the suppliers answered, in the caller's transaction: a supplier that answered gets
 * its new list, except the TLDs whose cost moved by more than `holdShare` or to zero, which keep
 * their previous costs and are held for an operator (costHolds.ts); one that failed keeps its
 * costs and gets the error. One audit entry says what the sync did (actor null for the system's runs).
 */
export async function writeSyncResults(
  tx: Tx, fetched: Fetched[],
  who: { actor: { userId: string; email: string } | null; requestId?: string; supplierId?: string; holdShare?: number }, at: string,
): Promise<SupplierSyncResult[]> {
  const heldBySupplier: Record<string, string[]> = {};
  const changes = new Map<string, { newTlds: number; updatedTlds: number }>();
  for (const item of fetched) {
    if ('costs' in item) {
      const current = await currentSupplierCosts(tx.db, item.supplier.id);
      const { applied, held } = splitHeldChanges(current, item.costs, who.holdShare ?? DEFAULT_HOLD_SHARE);
      changes.set(item.supplier.id, countChanges(current, applied));
      await replaceSupplierCosts(tx.db, item.supplier.id, applied, at);
      await replacePendingHolds(tx.db, item.supplier.id, held, at);
      if (held.length > 0) heldBySupplier[item.supplier.id] = held.map((h) => h.tld);
      await markSynced(tx.db, item.supplier.id, at);
    } else {
      if (item.removeCosts) await removeSupplierCosts(tx.db, item.supplier.id);
      await markSyncFailed(tx.db, item.supplier.id, item.error);
    }
  }
  const counts = await countCostsBySupplier(tx.db, fetched.map((f) => f.supplier.id));
  const results = fetched.map(({ supplier, ...outcome }): SupplierSyncResult => ({
    id: supplier.id, name: supplier.name, tldCount: counts.get(supplier.id) ?? 0,
    newTlds: changes.get(supplier.id)?.newTlds ?? 0, updatedTlds: changes.get(supplier.id)?.updatedTlds ?? 0,
    error: 'error' in outcome ? outcome.error : null, syncedAt: at,
  }));
  await record(tx, {
    actor: who.actor, actingAs: null, action: 'domains.tld_sync',
    target: { type: 'domain_supplier', id: who.supplierId ?? null }, after: { suppliers: results, heldTlds: heldBySupplier }, requestId: who.requestId ?? null, at,
  });
  return results;
}
