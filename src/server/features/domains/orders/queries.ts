import { sql } from 'kysely';
import type { OrderStatus } from '../../../../common/domains/orders.ts';
import type { Dialect } from '../../../db/connection.ts';
import type { Db, Tx } from '../../../db/transaction.ts';
import { findOpenCheckout } from '../../../integrations/payments/checkoutSessions.ts';

/**
 * The reads and small writes the order functions need beside orderRepository.ts: who holds a
 * name, an order's open checkout.
 */

/** The purpose of a checkout that pays a domain order (checkout_sessions.purpose and the session's metadata). */
export const DOMAIN_ORDER_PURPOSE = 'domain_order';

/**
 * How long an unpaid order keeps its name from other customers since it was placed: the
 * checkout's own lifetime (24 h at Stripe and in test mode). Counted from the order's creation,
 * never from its last checkout: opening a checkout again (or one expiring, or a payment failing)
 * must not extend it, or an order nobody pays would hold a name forever. After it the name is
 * free again, and the old order can no longer be paid once another order holds the name (see
 * payDomainOrder).
 */
export const UNPAID_ORDER_HOLD_MS = 24 * 60 * 60 * 1000;

/** A provider's checkout is reused while it is surely still payable (it expires 24 h after it was made). */
export const REUSABLE_CHECKOUT_MS = 23 * 60 * 60 * 1000;

/** Past payment, an order belongs to the registration job or an operator: its name is taken whatever its age. */
const HOLDING_STATUSES: OrderStatus[] = ['processing', 'requires_manual_processing'];

/**
 * Serialises the order writes of one name (a registration, a renewal, a checkout) across
 * processes, for the rest of the transaction. SQLite needs nothing: its one writer connection
 * runs a transaction alone.
 */
export async function lockDomainName(tx: Tx, dialect: Dialect, domain: string): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`domain-order:${domain}`}))`.execute(tx.db);
}

/**
 * Whether the name is held: by a domain of any account, or by an order of any account that is
 * paid and in progress, or unpaid and still within its hold. `exceptOrderId` leaves one order out
 * (the one about to be paid).
 */
export async function isNameHeld(db: Db, domain: string, now: Date, exceptOrderId?: string): Promise<boolean> {
  const held = await db.selectFrom('domains').select('id').where('name', '=', domain).executeTakeFirst();
  if (held) return true;
  const holdSince = new Date(now.getTime() - UNPAID_ORDER_HOLD_MS).toISOString();
  const order = await db.selectFrom('domain_orders').select('id')
    .where('domain', '=', domain)
    .$if(exceptOrderId !== undefined, (q) => q.where('id', '!=', exceptOrderId!))
    .where((eb) => eb.or([
      eb('status', 'in', HOLDING_STATUSES),
      eb.and([eb('status', '=', 'pending_payment'), eb('created_at', '>', holdSince)]),
    ]))
    .executeTakeFirst();
  return order !== undefined;
}

/**
 * The account's registrations awaiting payment that still hold their names (placed within the
 * hold): the per-account limit counts these, so an abandoned order stops counting with its hold.
 */
export async function countHeldUnpaidRegistrations(db: Db, accountId: string, now: Date): Promise<number> {
  const holdSince = new Date(now.getTime() - UNPAID_ORDER_HOLD_MS).toISOString();
  const row = await db.selectFrom('domain_orders').select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_id', '=', accountId).where('kind', '=', 'registration').where('status', '=', 'pending_payment')
    .where('created_at', '>', holdSince)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * A renewal of this term that is paid and neither completed nor refunded: refused by the
 * registrar and waiting for its retry, or with an operator. Another renewal beside it could renew
 * and charge twice.
 */
export async function findPaidUnfinishedRenewal(db: Db, domainId: string, renewsFrom: string): Promise<{ id: string } | undefined> {
  const rows = await db.selectFrom('domain_orders').select(['id', 'renews_from'])
    .where('domain_id', '=', domainId).where('kind', '=', 'renewal').where('payment_status', '=', 'paid')
    .where('status', 'in', ['failed', 'requires_manual_processing'])
    .execute();
  return rows.find((row) => row.renews_from !== null && Date.parse(row.renews_from) === Date.parse(renewsFrom));
}

/** The renewal of this domain that is awaiting payment or being executed, if any. */
export async function findOpenRenewal(db: Db, domain: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('domain_orders').select('id')
    .where('domain', '=', domain).where('kind', '=', 'renewal').where('status', 'in', ['pending_payment', 'processing'])
    .executeTakeFirst();
}

/** The newest checkout of the order that is open and young enough to be paid still. */
export async function findReusableCheckout(db: Db, orderId: string, now: Date): Promise<{ id: string; url: string } | undefined> {
  const since = new Date(now.getTime() - REUSABLE_CHECKOUT_MS).toISOString();
  return findOpenCheckout(db, { purpose: DOMAIN_ORDER_PURPOSE, reference: orderId, since });
}

/** Records the order's current checkout (the hold on its name runs from the order's creation, whatever this does). */
export async function setOrderCheckout(db: Db, orderId: string, checkoutSessionId: string, now: string): Promise<void> {
  await db.updateTable('domain_orders').set({ checkout_session_id: checkoutSessionId, updated_at: now })
    .where('id', '=', orderId).where('status', '=', 'pending_payment').execute();
}
