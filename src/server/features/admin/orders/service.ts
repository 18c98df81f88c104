import { type Kysely, SqliteAdapter } from 'kysely';
import {
  ORDERS_PAGE_SIZE, type OrderSortField, priorityByAge,
} from '../../../../common/admin/orders/texts.ts';
import type { AdminOrderDetails, AdminOrderSummary } from '../../../../common/admin/orders/contract.ts';
import { canTransition, ORDER_NOT_FOUND, ORDER_TRANSITIONS, type OrderStatus } from '../../../../common/domains/orders.ts';
import type { Database } from '../../../db/schema.ts';
import type { Db } from '../../../db/transaction.ts';
import { notFound } from '../../../rpc/errors.ts';
import { decodeOrderCursor, encodeOrderCursor, type SortOrder } from './cursor.ts';
import { PREFIX_SORT_LIMIT, sqliteOrderIndex } from './planner.ts';
import {
  accountAndUserOf, activeSuppliers, attemptsOfOrder, countOrders, failedOrders, listOrders, type OrderFilters, totalOf,
} from './queries.ts';
import { findOrderView, type OrderRow } from '../../domains/index.ts';

/** The back office's reads of domain orders (issue 8); the writes are in adminOrderWrites.ts. */

const dollars = (cents: number) => Math.round(cents) / 100;

export interface OrderListInput {
  limit?: number;
  startAfter?: string;
  status?: OrderStatus;
  accountId?: string;
  domain?: string;
  dateFrom?: string;
  dateTo?: string;
  sortBy?: OrderSortField;
  sortOrder?: SortOrder;
}

/** A date range alone (or with the status) ordered by name or price: how many orders the sort's index walks, from the day counts. */
async function ordersWalked(db: Kysely<Database>, f: OrderFilters, sortBy: OrderSortField): Promise<number | null> {
  if (sortBy === 'createdAt' || f.accountId || f.domainPrefix || !(f.dateFrom || f.dateTo)) return null;
  return (await countOrders(db, { ...f, dateFrom: null, dateTo: null })).count;
}

/** A prefix with more matches than the shown count's cap, ordered by price: counted on to PREFIX_SORT_LIMIT to choose between sorting and walking. */
async function prefixMatches(db: Kysely<Database>, f: OrderFilters, sortBy: OrderSortField, total: { count: number; capped: boolean }) {
  if (!total.capped || sortBy !== 'totalPrice' || !f.domainPrefix || f.accountId) return { matches: total.count, capped: total.capped };
  const { count, capped } = await countOrders(db, f, PREFIX_SORT_LIMIT);
  return { matches: count, capped };
}

type SummaryRow = Awaited<ReturnType<typeof listOrders>>[number];

function toSummary(r: Omit<SummaryRow, 'position_value' | 'total_count'>): AdminOrderSummary {
  const cents = Number(r.total_cents);
  return {
    id: r.id, kind: r.kind, domain: r.domain, accountId: r.account_id, accountName: r.account_name, userId: r.user_id, userEmail: r.user_email,
    status: r.status, paymentStatus: r.payment_status, totalPrice: dollars(cents), totalCents: cents, currency: r.currency,
    createdAt: r.created_at, adminActionRequired: r.admin_action_required,
  };
}

/** Keyset pagination: one extra row tells whether another page exists; the total comes from the kept counts or a capped count. */
export async function pageOfOrders(db: Kysely<Database>, input: OrderListInput) {
  const limit = input.limit ?? ORDERS_PAGE_SIZE;
  const sortBy = input.sortBy ?? 'createdAt';
  const sortOrder = input.sortOrder ?? 'desc';
  const filters = {
    status: input.status ?? null, accountId: input.accountId ?? null, domainPrefix: input.domain || null,
    dateFrom: input.dateFrom ?? null, dateTo: input.dateTo ?? null,
  };
  const after = input.startAfter ? decodeOrderCursor(input.startAfter, sortBy, sortOrder) : null;
  const query = { ...filters, limit: limit + 1, sortBy, sortOrder, after };
  let total: { count: number; capped: boolean };
  let rows: SummaryRow[];
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    // The count comes first: on SQLite it tells which index finds the page fastest.
    total = await countOrders(db, filters);
    const index = sqliteOrderIndex(filters, {
      sortBy, limit: limit + 1, ...await prefixMatches(db, filters, sortBy, total), walked: await ordersWalked(db, filters, sortBy),
    });
    // An exact total of none needs no page: a walk would read every entry of the account or status looking for one.
    rows = total.count === 0 ? [] : await listOrders(db, { ...query, index });
  } else {
    // PostgreSQL plans the page itself; the total rides along with its rows. A page past the end has no row to carry it.
    rows = await listOrders(db, { ...query, index: null });
    total = rows.length ? totalOf(filters, rows[0].total_count) : await countOrders(db, filters);
  }
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const hasMore = rows.length > limit;
  const positionOf = (row: SummaryRow) => (sortBy === 'totalPrice' ? Number(row.position_value) : String(row.position_value));
  return {
    success: true as const,
    orders: page.map(toSummary),
    pagination: {
      hasMore,
      lastOrderId: last?.id ?? null,
      nextStartAfter: hasMore && last ? encodeOrderCursor(sortBy, sortOrder, { value: positionOf(last), id: last.id }) : null,
      totalCount: total.count,
      totalCountCapped: total.capped,
    },
  };
}

export async function failedQueue(db: Kysely<Database>, limit: number, totalCount: number, now: Date) {
  const rows = await failedOrders(db, limit);
  return {
    success: true as const,
    failedOrders: rows.map((r) => {
      const summary = toSummary(r);
      return { ...summary, priority: priorityByAge(summary.createdAt, now), error: r.error, attempts: Number(r.attempts ?? 0) };
    }),
    totalCount,
  };
}

/** Which moves the page may offer: processing is Retry's, completed is manual completion's (it creates the domain). */
export function settableStatuses(status: OrderStatus): OrderStatus[] {
  return ORDER_TRANSITIONS[status].filter((to) => to !== 'processing' && to !== 'completed');
}

/** Retry sends a paid order back to the registration job. */
export const canRetry = (order: Pick<OrderRow, 'status' | 'payment_status'>) =>
  order.payment_status === 'paid' && canTransition(order.status, 'processing');

export const canComplete = (order: Pick<OrderRow, 'status'>) => canTransition(order.status, 'completed');

export async function orderDetails(db: Db, order: OrderRow): Promise<AdminOrderDetails> {
  const [view, attempts, related] = await Promise.all([
    findOrderView(db, order.id), attemptsOfOrder(db, order.id), accountAndUserOf(db, order.account_id, order.user_id),
  ]);
  if (!view) throw notFound(ORDER_NOT_FOUND);
  return {
    ...view,
    adminActionRequired: order.admin_action_required,
    adminNotes: order.admin_notes,
    refundedAt: order.refunded_at,
    registrationAttempts: attempts.map((a) => ({
      registrarId: a.supplier_id, registrar: a.supplier_name ?? a.supplier_id, operation: a.operation,
      success: a.outcome === 'succeeded', outcome: a.outcome, reason: a.reason, attemptedAt: a.started_at,
      durationMs: a.duration_ms === null ? null : Number(a.duration_ms),
    })),
    account: { name: related.account?.name ?? '', email: related.account ? related.account.billing_email ?? related.account.owner_email : null },
    user: related.user ? { displayName: related.user.name, email: related.user.email } : null,
    allowedStatuses: settableStatuses(order.status),
    canRetry: canRetry(order),
    canComplete: canComplete(order),
  };
}

export async function orderSuppliers(db: Db) {
  return { suppliers: await activeSuppliers(db), other: 'other' as const };
}
