import type { AdminOrderDetails } from '../../../../common/admin/orders/contract.ts';
import type { OrderKind, OrderStatus, PaymentStatus } from '../../../../common/domains/orders.ts';
import type { OrderPaymentMethod } from '../../../db/schema.ts';
import type { Db } from '../../../db/transaction.ts';
import { findOrder, transitionOrder, updateOrderFields } from './repository.ts';

/**
 * One order as the back office's order desk decides on it, and the desk's own changes to it:
 * Retry, an operator's status change with notes and flag, notes alone. Every move goes through
 * transitionOrder, like the area's own.
 */
export interface OperatorOrder {
  id: string;
  kind: OrderKind;
  domain: string;
  accountId: string;
  userId: string | null;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  paymentReference: string | null;
  paymentMethod: OrderPaymentMethod | null;
  totalCents: number;
  currency: string;
  adminNotes: string | null;
  adminActionRequired: boolean;
  refundClaimedUntil: string | null;
  refundedAt: string | null;
}

export async function findOperatorOrder(db: Db, orderId: string): Promise<OperatorOrder | undefined> {
  const row = await findOrder(db, orderId);
  return row && {
    id: row.id, kind: row.kind, domain: row.domain, accountId: row.account_id, userId: row.user_id,
    status: row.status, paymentStatus: row.payment_status, paymentReference: row.payment_reference, paymentMethod: row.payment_method,
    totalCents: row.total_cents, currency: row.currency,
    adminNotes: row.admin_notes, adminActionRequired: row.admin_action_required,
    refundClaimedUntil: row.refund_claimed_until, refundedAt: row.refunded_at,
  };
}

/** Every supplier call of the order, oldest first, with the supplier's display name when it still exists. */
export async function registrationAttemptsOf(db: Db, orderId: string): Promise<AdminOrderDetails['registrationAttempts']> {
  const attempts = await db.selectFrom('domain_order_attempts as t').leftJoin('domain_suppliers as s', 's.id', 't.supplier_id')
    .select(['t.supplier_id', 's.name as supplier_name', 't.operation', 't.outcome', 't.reason', 't.duration_ms', 't.started_at'])
    .where('t.order_id', '=', orderId).orderBy('t.started_at').orderBy('t.id').execute();
  return attempts.map((a) => ({
    registrarId: a.supplier_id, registrar: a.supplier_name ?? a.supplier_id, operation: a.operation,
    success: a.outcome === 'succeeded', outcome: a.outcome, reason: a.reason, attemptedAt: a.started_at,
    durationMs: a.duration_ms === null ? null : Number(a.duration_ms),
  }));
}

/** Retry: a paid order from `from` back to processing, its registration pending again, error and flag cleared. */
export function reopenForRetry(db: Db, orderId: string, from: OrderStatus, now: string): Promise<boolean> {
  return transitionOrder(db, orderId, 'processing', { registration_status: 'pending', error: null, admin_action_required: false, updated_at: now }, from);
}

/** What an operator keeps on an order: the notes and the flag asking for an operator. */
export interface DeskNotes {
  notes: string | null;
  adminActionRequired: boolean;
}

const deskFields = (desk: DeskNotes, now: string) => ({ admin_notes: desk.notes, admin_action_required: desk.adminActionRequired, updated_at: now });

/**
 * An operator's move from `from` to `to` with their notes and flag; false when the order moved
 * meanwhile. A cancel after a refund records it and ends the refund's claim.
 */
export function moveOrderByOperator(
  db: Db, orderId: string, to: OrderStatus, from: OrderStatus, desk: DeskNotes, now: string, refund: { claim: string } | null,
): Promise<boolean> {
  const refunded = refund ? { payment_status: 'refunded' as const, refunded_at: now } : {};
  return transitionOrder(db, orderId, to, { ...deskFields(desk, now), ...refunded }, from, refund?.claim);
}

/** The notes and flag changed, the status left as it is. */
export async function setDeskNotes(db: Db, orderId: string, desk: DeskNotes, now: string): Promise<void> {
  await updateOrderFields(db, orderId, deskFields(desk, now));
}
