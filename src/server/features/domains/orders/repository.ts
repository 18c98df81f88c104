import type { Selectable, Updateable } from 'kysely';
import type { ContactInfo, DomainOrder } from '../../../../common/domains/ordersContract.ts';
import { canTransition, type OrderKind, type OrderStatus, statusesBefore } from '../../../../common/domains/orders.ts';
import type { DomainOrdersTable } from '../../../db/schema.ts';
import type { Db } from '../../../db/transaction.ts';

/**
 * Domain orders and their state machine (src/common/domainOrders.ts). Every status change goes
 * through `transitionOrder`, a conditional UPDATE: two writers racing (a redelivered payment
 * event, a second worker, an operator) cannot both move the same order, and a move the machine
 * does not allow changes nothing.
 */
export type OrderRow = Selectable<DomainOrdersTable>;

const cents = (value: number) => Math.round(value) / 100;

export function toDomainOrder(row: OrderRow, supplierName: string | null): DomainOrder {
  return {
    id: row.id, orderId: row.id, kind: row.kind, domain: row.domain,
    price: cents(row.price_cents), priceCents: row.price_cents, registrationYears: row.years,
    totalPrice: cents(row.total_cents), totalCents: row.total_cents, currency: row.currency,
    contactInfo: row.contact_info ? JSON.parse(row.contact_info) as ContactInfo : null,
    privacyProtection: row.privacy_protection, autoRenew: row.auto_renew,
    accountId: row.account_id, userId: row.user_id, orderedBy: row.ordered_by,
    status: row.status, paymentStatus: row.payment_status, registrationStatus: row.registration_status,
    registrar: supplierName ?? row.registrar_name, registrationId: row.registration_id,
    registrationDate: row.registration_date, expirationDate: row.expiration_date,
    createdAt: row.created_at, updatedAt: row.updated_at, paidAt: row.paid_at, completedAt: row.completed_at,
    error: row.error,
  };
}

export async function findOrder(db: Db, orderId: string): Promise<OrderRow | undefined> {
  return db.selectFrom('domain_orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}

/** The order with its supplier's display name, for the views. */
export async function findOrderView(db: Db, orderId: string): Promise<DomainOrder | undefined> {
  const row = await findOrder(db, orderId);
  if (!row) return undefined;
  const supplier = row.supplier_id
    ? await db.selectFrom('domain_suppliers').select('name').where('id', '=', row.supplier_id).executeTakeFirst()
    : undefined;
  return toDomainOrder(row, supplier?.name ?? null);
}

export interface NewOrder {
  id: string;
  kind: OrderKind;
  accountId: string;
  userId: string | null;
  orderedBy: string | null;
  domain: string;
  tld: string;
  domainId: string | null;
  years: number;
  priceCents: number;
  currency: string;
  contactInfo: ContactInfo | null;
  privacyProtection: boolean;
  autoRenew: boolean;
  /** A renewal's term: the domain's expiry it renews from. */
  renewsFrom?: string | null;
  now: string;
}

/** A new order, awaiting payment. The total is always the server's price times the years. */
export async function insertOrder(db: Db, order: NewOrder): Promise<void> {
  await db.insertInto('domain_orders').values({
    id: order.id, kind: order.kind, account_id: order.accountId, user_id: order.userId, ordered_by: order.orderedBy,
    domain: order.domain, tld: order.tld, domain_id: order.domainId, years: order.years,
    price_cents: order.priceCents, total_cents: order.priceCents * order.years, currency: order.currency,
    contact_info: order.contactInfo ? JSON.stringify(order.contactInfo) : null,
    privacy_protection: order.privacyProtection, auto_renew: order.autoRenew,
    status: 'pending_payment', payment_status: 'pending', registration_status: 'pending', renews_from: order.renewsFrom ?? null,
    created_at: order.now, updated_at: order.now,
  }).execute();
}

export type OrderChanges = Omit<Updateable<DomainOrdersTable>, 'id' | 'status' | 'account_id' | 'kind' | 'created_at'>;

/**
 * Moves an order to `to` if its current status allows it (and, when given, only from `from`),
 * with the other column changes in the same UPDATE. Answers whether it moved: false means
 * another writer got there first or the move is not allowed, and nothing was written. An order
 * claimed for an operator's refund moves only for the holder of that claim (`ownRefundClaim`),
 * whose move ends it: the money may be on its way back while the provider answers.
 */
export async function transitionOrder(
  db: Db, orderId: string, to: OrderStatus, changes: OrderChanges & { updated_at: string }, from?: OrderStatus | OrderStatus[], ownRefundClaim?: string,
): Promise<boolean> {
  const allowed = from === undefined ? statusesBefore(to) : (Array.isArray(from) ? from : [from]).filter((status) => canTransition(status, to));
  if (allowed.length === 0) return false;
  const result = await db.updateTable('domain_orders').set({ ...changes, status: to, ...(ownRefundClaim ? { refund_claimed_until: null } : {}) })
    .where('id', '=', orderId).where('status', 'in', allowed)
    .where((eb) => eb.or([
      eb('refund_claimed_until', 'is', null),
      // The change's own time: a claim that ended by then is free.
      eb('refund_claimed_until', '<=', changes.updated_at),
      ...(ownRefundClaim ? [eb('refund_claimed_until', '=', ownRefundClaim)] : []),
    ]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Locks the order's row for the rest of the transaction, so changes to it queue one after another. */
export async function lockOrder(db: Db, orderId: string): Promise<void> {
  await db.selectFrom('domain_orders').select('id').where('id', '=', orderId).forUpdate().execute();
}

/** An operator's notes and flags on an order, with its status left as it is. */
export async function updateOrderFields(db: Db, orderId: string, changes: OrderChanges & { updated_at: string }): Promise<void> {
  await db.updateTable('domain_orders').set(changes).where('id', '=', orderId).execute();
}

/**
 * Claims a paid order for a refund until `until`, if it is still in `status` and no other claim
 * runs (one whose time passed was left by a call that never reported: it is free again).
 */
export async function claimOrderForRefund(db: Db, orderId: string, status: OrderStatus, until: string, now: string): Promise<boolean> {
  const result = await db.updateTable('domain_orders').set({ refund_claimed_until: until })
    .where('id', '=', orderId).where('status', '=', status).where('payment_status', '=', 'paid')
    .where((eb) => eb.or([eb('refund_claimed_until', 'is', null), eb('refund_claimed_until', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Ends the caller's claim without moving the order: the provider refused the refund. */
export async function releaseRefundClaim(db: Db, orderId: string, claim: string): Promise<void> {
  await db.updateTable('domain_orders').set({ refund_claimed_until: null })
    .where('id', '=', orderId).where('refund_claimed_until', '=', claim).execute();
}

/**
 * The refund recorded on an order that keeps its status (the daily job's refund of a failed
 * automatic renewal), by the holder of the refund's claim only, which it ends.
 */
export async function markOrderRefunded(db: Db, orderId: string, claim: string, changes: OrderChanges & { updated_at: string }): Promise<boolean> {
  const result = await db.updateTable('domain_orders')
    .set({ ...changes, payment_status: 'refunded', refund_claimed_until: null })
    .where('id', '=', orderId).where('payment_status', '=', 'paid').where('refund_claimed_until', '=', claim)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
