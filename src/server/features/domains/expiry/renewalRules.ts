import type { OrderStatus, PaymentStatus } from '../../../../common/domains/orders.ts';
import { AUTOMATIC_RENEWAL_ORDERED_BY } from '../../../../common/domains/orders.ts';

/** `ordered_by` of the orders the daily job places (user_id null): how they are told from a customer's. */

const DAY_MS = 86_400_000;

/**
 * A registry still renews a lapsed domain from its old expiry for a while after it (the
 * auto-renew grace and redemption periods, 30 to 75 days at the registries we sell); 90 days
 * covers them all.
 */
const LATE_RENEWAL_DAYS = 90;
/** A customer's checkout stays payable for a day (Stripe's default session lifetime). */
const CHECKOUT_OPEN_DAYS = 1;

export interface RenewalOrderFacts {
  status: OrderStatus;
  payment_status: PaymentStatus;
  /** The expiry the order renews from (its term); null on orders from before terms were recorded. */
  renews_from: string | null;
  admin_action_required: boolean;
  user_id: string | null;
  ordered_by: string | null;
  checkout_session_id: string | null;
  created_at: string;
  updated_at: string;
}

export const isAutomatic = (order: Pick<RenewalOrderFacts, 'user_id' | 'ordered_by'>) =>
  order.user_id === null && order.ordered_by === AUTOMATIC_RENEWAL_ORDERED_BY;

export type RenewalBlocker =
  | 'in_progress' | 'paid_this_term' | 'operator_has_term' | 'awaiting_charge' | 'customer_paying' | 'renewed_this_term' | 'tried_today';

/**
 * Why the job must not start an automatic renewal of a domain expiring at `expiresAt`, or null.
 * Together the rules allow at most one renewal per expiry (one term of the domain):
 *
 * - in_progress: a renewal is paid and at the registrar, or parked for an operator. It will
 *   move the expiry or fail; starting another would renew twice.
 * - paid_this_term: an order for this term was paid and is neither completed nor given back
 *   (a renewal the registrar refused, waiting for the job's next try at the registrar or for an
 *   operator), or an automatic one was refunded after the registrar kept refusing: one charge
 *   per term. The job retries the registrar, never the card; after a refund the customer or an
 *   operator renews by hand.
 * - operator_has_term: an order for this term waits for an operator (the domain's registrar is
 *   no longer configured, say): nothing is charged until they decide.
 * - awaiting_charge: an automatic order was created and not yet charged (a run stopped between
 *   the two). The run's first step finishes it with the same idempotency key; a new order would
 *   be a second charge.
 * - customer_paying: the customer ordered a renewal and its checkout may still be paid. Past a
 *   day their checkout has expired, and an unpaid order must not keep the domain from renewing.
 * - renewed_this_term: a completed renewal ordered less than a year (less the late-renewal
 *   days) before the current expiry. Fulfilment moves the expiry a year on in the transaction
 *   that completes the order, which takes the domain out of this job's reach for the next
 *   eleven months; so a domain still in reach with such an order is one whose new expiry has
 *   not reached our row (an operator completed the order by hand, a sync read a stale date),
 *   and renewing it again would charge twice. A renewal ordered late (after the old expiry)
 *   that moved the expiry from the old date is older than that bound, so it does not block the
 *   next year's renewal.
 * - tried_today: an automatic attempt was made today (its charge failed): the job retries once
 *   a day, so a rerun the same day neither charges nor mails the customer again.
 */
export function renewalBlocker(orders: RenewalOrderFacts[], expiresAt: string, now: Date): RenewalBlocker | null {
  const at = (value: string) => Date.parse(value);
  const termBound = Date.parse(expiresAt) - (365 - LATE_RENEWAL_DAYS) * DAY_MS;
  const startOfDay = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sameTerm = (order: RenewalOrderFacts) => (order.renews_from === null ? at(order.created_at) > termBound : at(order.renews_from) === at(expiresAt));
  for (const order of orders) {
    if (order.status === 'processing' || order.status === 'requires_manual_processing') return 'in_progress';
    if (order.status !== 'completed' && sameTerm(order)) {
      if (order.payment_status === 'paid' || (order.payment_status === 'refunded' && isAutomatic(order))) return 'paid_this_term';
      if (order.admin_action_required && isAutomatic(order)) return 'operator_has_term';
    }
    if (order.status === 'pending_payment') {
      if (isAutomatic(order) && order.checkout_session_id === null) return 'awaiting_charge';
      if (at(order.updated_at) > now.getTime() - CHECKOUT_OPEN_DAYS * DAY_MS) return 'customer_paying';
    }
    if (order.status === 'completed' && at(order.created_at) > termBound) return 'renewed_this_term';
    if (isAutomatic(order) && at(order.created_at) >= startOfDay) return 'tried_today';
  }
  return null;
}

/** The registries we sell let a domain run at most ten years ahead of today. */
export const REGISTRY_MAX_YEARS = 10;

/**
 * How long the job keeps asking the registrar to renew an automatic renewal it refused after
 * the charge, before the payment goes back: three daily tries (the job runs once a day), and
 * never past a day before the expiry, so the customer still has a day to renew by hand.
 */
export const REGISTRAR_RETRY_MS = 3 * DAY_MS;
export const REFUND_BEFORE_EXPIRY_MS = DAY_MS;

/** When the job stops retrying the registrar for a paid automatic renewal and refunds it. */
export function registrarRetryEnds(paidAt: string, renewsFrom: string | null): number {
  const bound = Date.parse(paidAt) + REGISTRAR_RETRY_MS;
  return renewsFrom === null ? bound : Math.min(bound, Date.parse(renewsFrom) - REFUND_BEFORE_EXPIRY_MS);
}

const addYears = (iso: string | number, years: number) => {
  const date = new Date(iso);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.getTime();
};

export type RenewalRefusal = { kind: 'expired' } | { kind: 'past_registry_maximum'; maxYears: number };

/**
 * Why a renewal of `years` must be refused before payment, or null. An expired domain needs the
 * registrar's restore command (Namecheap's reactivate, Enom's Extend_RGP, Dynadot's late fee),
 * which we do not offer: a plain renew is refused there after the charge. A renewal that would
 * take the expiry past ten years from today is refused by every registry.
 */
export function renewalRefusal(domain: { status: string; expiration_date: string | null }, years: number, now: Date): RenewalRefusal | null {
  const expiresAt = domain.expiration_date;
  if (domain.status === 'expired' || (expiresAt !== null && Date.parse(expiresAt) <= now.getTime())) return { kind: 'expired' };
  if (expiresAt === null) return null;
  const limit = addYears(now.getTime(), REGISTRY_MAX_YEARS);
  if (addYears(expiresAt, years) <= limit) return null;
  let maxYears = 0;
  while (maxYears < years && addYears(expiresAt, maxYears + 1) <= limit) maxYears += 1;
  return { kind: 'past_registry_maximum', maxYears };
}
