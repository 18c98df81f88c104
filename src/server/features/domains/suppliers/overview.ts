import { sql } from 'kysely';
import type { Db } from '../../../db/transaction.ts';

export interface SupplierOverviewRow {
  id: string;
  name: string;
  isActive: boolean;
  tldCount: number;
  lastSyncedAt: string | null;
  lastSyncError: string | null;
}

/** Every supplier row with how many TLDs it prices, for the registrars page. */
export async function supplierOverview(db: Db): Promise<SupplierOverviewRow[]> {
  const rows = await db.selectFrom('domain_suppliers as s')
    .leftJoin(
      (eb) => eb.selectFrom('supplier_tld_costs').select((c) => ['supplier_id', c.fn.countAll<number>().as('n')]).groupBy('supplier_id').as('c'),
      (join) => join.onRef('c.supplier_id', '=', 's.id'),
    )
    .select(['s.id', 's.name', 's.is_active', 's.last_synced_at', 's.last_sync_error', 'c.n'])
    .orderBy('s.id')
    .execute();
  return rows.map((r) => ({
    id: r.id, name: r.name, isActive: Boolean(r.is_active), tldCount: Number(r.n ?? 0),
    lastSyncedAt: r.last_synced_at, lastSyncError: r.last_sync_error,
  }));
}

export interface SupplierCallStats {
  calls: number;
  failed: number;
  unknown: number;
  avgLatencyMs: number | null;
  maxLatencyMs: number | null;
}

/**
 * The registrar calls fulfilment recorded (domain_order_attempts: registrations, renewals, the
 * read-backs before a retry) that finished since `since`, per supplier.
 */
export async function attemptStatsSince(db: Db, since: string): Promise<Map<string, SupplierCallStats>> {
  const rows = await db.selectFrom('domain_order_attempts')
    .select((eb) => [
      'supplier_id',
      eb.fn.countAll<number>().as('calls'),
      eb.fn.sum<number>(sql<number>`case when outcome = 'failed' then 1 else 0 end`).as('failed'),
      eb.fn.sum<number>(sql<number>`case when outcome = 'unknown' then 1 else 0 end`).as('unknown'),
      eb.fn.avg<number>('duration_ms').as('avg_ms'),
      eb.fn.max<number>('duration_ms').as('max_ms'),
    ])
    .where('started_at', '>=', since)
    .where('outcome', '!=', 'started')
    .groupBy('supplier_id')
    .execute();
  return new Map(rows.map((r) => [r.supplier_id, {
    calls: Number(r.calls), failed: Number(r.failed ?? 0), unknown: Number(r.unknown ?? 0),
    avgLatencyMs: r.avg_ms === null ? null : Math.round(Number(r.avg_ms)), maxLatencyMs: r.max_ms === null ? null : Number(r.max_ms),
  }]));
}

/** Each supplier's latest recorded order attempt (any age). */
export async function lastAttemptAt(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('domain_order_attempts')
    .select((eb) => ['supplier_id', eb.fn.max<string>('started_at').as('at')])
    .groupBy('supplier_id')
    .execute();
  return new Map(rows.map((r) => [r.supplier_id, r.at]));
}
