import type { Kysely } from 'kysely';
import { ORDERS_PAGE_SIZE, type OrderSortField, priorityByAge } from '../../../../common/admin/orders/texts.ts';
import type { AdminOrderDetails } from '../../../../common/admin/orders/contract.ts';
import { canTransition, ORDER_NOT_FOUND, ORDER_TRANSITIONS, type OrderStatus } from '../../../../common/domains/orders.ts';
import { findAccountContact } from '../../../access/operatorAccounts.ts';
import { findUserContact } from '../../../auth/operatorUsers.ts';
import type { Database } from '../../../db/schema.ts';
import type { Db } from '../../../db/transaction.ts';
import { notFound } from '../../../rpc/errors.ts';
import { decodeOrderCursor, encodeOrderCursor } from './cursor.ts';
import {
  activeSuppliers, failedDeskOrders, findOrderView, type OperatorOrder, orderEconomicsOf, pageOfDeskOrders, registrationAttemptsOf, type SortOrder,
} from '../../domains/index.ts';

/** The back office's reads of domain orders (issue 8); the writes are in writes.ts and statusChange.ts. */

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

/** Keyset pagination: the domains area reads the page and its total; the cursor is the desk's. */
export async function pageOfOrders(db: Kysely<Database>, input: OrderListInput) {
  const limit = input.limit ?? ORDERS_PAGE_SIZE;
  const sortBy = input.sortBy ?? 'createdAt';
  const sortOrder = input.sortOrder ?? 'desc';
  const filters = {
    status: input.status ?? null, accountId: input.accountId ?? null, domainPrefix: input.domain || null,
    dateFrom: input.dateFrom ?? null, dateTo: input.dateTo ?? null,
  };
  const after = input.startAfter ? decodeOrderCursor(input.startAfter, sortBy, sortOrder) : null;
  const { orders, next, total } = await pageOfDeskOrders(db, { filters, sortBy, sortOrder, after, limit });
  return {
    success: true as const,
    orders,
    pagination: {
      hasMore: next !== null,
      lastOrderId: orders.at(-1)?.id ?? null,
      nextStartAfter: next ? encodeOrderCursor(sortBy, sortOrder, next) : null,
      totalCount: total.count,
      totalCountCapped: total.capped,
    },
  };
}

export async function failedQueue(db: Kysely<Database>, limit: number, totalCount: number, now: Date) {
  const orders = await failedDeskOrders(db, limit);
  return {
    success: true as const,
    failedOrders: orders.map(({ error, attempts, ...summary }) => ({ ...summary, priority: priorityByAge(summary.createdAt, now), error, attempts })),
    totalCount,
  };
}

/** Which moves the page may offer: processing is Retry's, completed is manual completion's (it creates the domain). */
export function settableStatuses(status: OrderStatus): OrderStatus[] {
  return ORDER_TRANSITIONS[status].filter((to) => to !== 'processing' && to !== 'completed');
}

/** Retry sends a paid order back to the registration job. */
export const canRetry = (order: Pick<OperatorOrder, 'status' | 'paymentStatus'>) =>
  order.paymentStatus === 'paid' && canTransition(order.status, 'processing');

export const canComplete = (order: Pick<OperatorOrder, 'status'>) => canTransition(order.status, 'completed');

export async function orderDetails(db: Db, order: OperatorOrder): Promise<AdminOrderDetails> {
  const [view, registrationAttempts, account, user, economics] = await Promise.all([
    findOrderView(db, order.id), registrationAttemptsOf(db, order.id), findAccountContact(db, order.accountId),
    order.userId ? findUserContact(db, order.userId) : undefined, orderEconomicsOf(db, order.id),
  ]);
  if (!view) throw notFound(ORDER_NOT_FOUND);
  return {
    ...view,
    adminActionRequired: order.adminActionRequired,
    adminNotes: order.adminNotes,
    refundedAt: order.refundedAt,
    registrationAttempts,
    account: { name: account?.name ?? '', email: account ? account.billingEmail ?? account.ownerEmail : null },
    user: user ? { displayName: user.name, email: user.email } : null,
    allowedStatuses: settableStatuses(order.status),
    canRetry: canRetry(order),
    canComplete: canComplete(order),
    economics: economics ?? { priceCents: order.totalCents, costCents: null, costSource: null, marginCents: null, currency: order.currency },
  };
}

export async function orderSuppliers(db: Db) {
  return { suppliers: await activeSuppliers(db), other: 'other' as const };
}
