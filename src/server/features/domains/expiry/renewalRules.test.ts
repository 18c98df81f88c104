import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '../../../../common/domains/orders.ts';
import { dueReminders } from './reminders.ts';
import { AUTOMATIC_RENEWAL_ORDERED_BY } from '../../../../common/domains/orders.ts';
import { type RenewalOrderFacts, registrarRetryEnds, renewalBlocker, renewalRefusal } from './renewalRules.ts';

const DAY = 86_400_000;
const now = new Date('2027-03-10T04:41:00.000Z');
const expiresAt = new Date(now.getTime() + 10 * DAY).toISOString();
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY).toISOString();

function order(status: OrderStatus, createdDaysAgo: number, who: 'customer' | 'automatic' = 'customer', extra: Partial<RenewalOrderFacts> = {}): RenewalOrderFacts {
  const automatic = who === 'automatic';
  return {
    status, payment_status: status === 'pending_payment' ? 'pending' : 'failed', renews_from: null, admin_action_required: false,
    user_id: automatic ? null : 'user_1', ordered_by: automatic ? AUTOMATIC_RENEWAL_ORDERED_BY : 'Ada', checkout_session_id: null,
    created_at: daysAgo(createdDaysAgo), updated_at: daysAgo(createdDaysAgo), ...extra,
  };
}

describe('renewalBlocker: at most one renewal per expiry', () => {
  it('nothing ordered: the renewal may start', () => {
    expect(renewalBlocker([], expiresAt, now)).toBeNull();
  });

  it('a renewal at the registrar or with an operator blocks, however old', () => {
    expect(renewalBlocker([order('processing', 200)], expiresAt, now)).toBe('in_progress');
    expect(renewalBlocker([order('requires_manual_processing', 200)], expiresAt, now)).toBe('in_progress');
  });

  it('an automatic order awaiting its charge is finished, not ordered again; one a customer took to checkout is theirs', () => {
    expect(renewalBlocker([order('pending_payment', 3, 'automatic')], expiresAt, now)).toBe('awaiting_charge');
    expect(renewalBlocker([order('pending_payment', 3, 'automatic', { checkout_session_id: 'chk_1', updated_at: daysAgo(0.5) })], expiresAt, now)).toBe('customer_paying');
  });

  it('a customer\'s unpaid order blocks for the day its checkout can still be paid, not after', () => {
    expect(renewalBlocker([order('pending_payment', 0.5)], expiresAt, now)).toBe('customer_paying');
    expect(renewalBlocker([order('pending_payment', 2)], expiresAt, now)).toBeNull();
  });

  it('a completed renewal ordered in this term blocks; last year\'s does not, nor a late one that renewed from the old expiry', () => {
    expect(renewalBlocker([order('completed', 30)], expiresAt, now)).toBe('renewed_this_term');
    expect(renewalBlocker([order('completed', 200)], expiresAt, now)).toBe('renewed_this_term');
    // Ordered 14 days before last year's expiry.
    expect(renewalBlocker([order('completed', 365 + 14 - 10)], expiresAt, now)).toBeNull();
    // Ordered 60 days after last year's expiry, while the domain was lapsed; the registry renewed it from that expiry.
    expect(renewalBlocker([order('completed', 365 - 60 - 10)], expiresAt, now)).toBeNull();
  });

  it('an automatic attempt that failed today blocks until tomorrow; a customer\'s failed or cancelled order never does', () => {
    expect(renewalBlocker([order('failed', 0.1, 'automatic')], expiresAt, now)).toBe('tried_today');
    expect(renewalBlocker([order('failed', 1, 'automatic')], expiresAt, now)).toBeNull();
    expect(renewalBlocker([order('failed', 0.1), order('cancelled', 0.1)], expiresAt, now)).toBeNull();
  });

  it('an order of this term that was paid and not completed blocks for good: one charge per term', () => {
    const term = { renews_from: expiresAt };
    expect(renewalBlocker([order('failed', 2, 'automatic', { ...term, payment_status: 'paid' })], expiresAt, now)).toBe('paid_this_term');
    expect(renewalBlocker([order('failed', 2, 'customer', { ...term, payment_status: 'paid' })], expiresAt, now)).toBe('paid_this_term');
    expect(renewalBlocker([order('failed', 5, 'automatic', { ...term, payment_status: 'refunded', admin_action_required: true })], expiresAt, now)).toBe('paid_this_term');
    // An order from before terms were recorded counts when it was placed in this term.
    expect(renewalBlocker([order('failed', 2, 'automatic', { payment_status: 'paid' })], expiresAt, now)).toBe('paid_this_term');
    // Last term's refused renewal does not keep this term from renewing.
    expect(renewalBlocker([order('failed', 2, 'automatic', { renews_from: daysAgo(355), payment_status: 'paid' })], expiresAt, now)).toBeNull();
    // A customer's order an operator cancelled and refunded leaves the term to the job.
    expect(renewalBlocker([order('cancelled', 2, 'customer', { ...term, payment_status: 'refunded' })], expiresAt, now)).toBeNull();
  });

  it('an automatic order of this term left for an operator before any charge blocks', () => {
    expect(renewalBlocker([order('failed', 2, 'automatic', { renews_from: expiresAt, payment_status: 'pending', admin_action_required: true })], expiresAt, now))
      .toBe('operator_has_term');
  });
});

describe('renewalRefusal: refused before payment', () => {
  const active = (expiry: string) => ({ status: 'active', expiration_date: expiry });
  it('an expired domain, by status or by date', () => {
    expect(renewalRefusal({ status: 'expired', expiration_date: daysAgo(3) }, 1, now)).toEqual({ kind: 'expired' });
    expect(renewalRefusal(active(daysAgo(0.1)), 1, now)).toEqual({ kind: 'expired' });
  });
  it('past the registry\'s ten years from today, with the most years still allowed', () => {
    expect(renewalRefusal(active(expiresAt), 9, now)).toBeNull();
    expect(renewalRefusal(active(expiresAt), 10, now)).toEqual({ kind: 'past_registry_maximum', maxYears: 9 });
  });
});

describe('registrarRetryEnds', () => {
  it('three days after the charge, or a day before the expiry if that comes first', () => {
    expect(registrarRetryEnds(now.toISOString(), expiresAt)).toBe(now.getTime() + 3 * DAY);
    expect(registrarRetryEnds(now.toISOString(), new Date(now.getTime() + 2 * DAY).toISOString())).toBe(now.getTime() + DAY);
  });
});

describe('dueReminders', () => {
  it('none before 30 days, nor once expired', () => {
    expect(dueReminders(31, new Set())).toEqual([]);
    expect(dueReminders(0, new Set())).toEqual([]);
  });

  it('30 days out the 30-day one; inside 7 days the 7-day one, standing in for a 30-day one never sent', () => {
    expect(dueReminders(30, new Set())).toEqual([30]);
    expect(dueReminders(8, new Set([30]))).toEqual([]);
    expect(dueReminders(7, new Set([30]))).toEqual([7, 30]);
    expect(dueReminders(5, new Set())).toEqual([7, 30]);
    expect(dueReminders(3, new Set([7, 30]))).toEqual([]);
  });
});
