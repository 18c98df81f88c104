import { type TestCustomerRecord, type TestInvoiceRecord, testId } from './testObjects.ts';

export interface TestInvoiceLine {
  description: string;
  unitAmount: number;
  quantity: number;
  currency: string;
  period: { start: number; end: number };
  providerPriceId: string | null;
  productId: string | null;
}

/**
 * An invoice as Stripe finalizes it for a checkout or a renewal, open and not yet charged (what
 * invoice.finalized shows), numbered per customer (`TEST-ABCD-0001`, then `-0002`: the
 * customer's sequence advances, so save the customer too).
 * No tax in test mode: the subtotal is the total. `period` is Stripe's invoice period (for a
 * subscription's first invoice, the moment of issue; for a renewal, the period that ended); the
 * line carries the service period.
 */
export function issueTestInvoice(input: {
  customer: TestCustomerRecord;
  line: TestInvoiceLine;
  subscription: { id: string; metadata: Record<string, string> } | null;
  metadata: Record<string, string>;
  billingReason: TestInvoiceRecord['billing_reason'];
  period: { start: number; end: number };
  now: number;
}): TestInvoiceRecord {
  const { customer, line } = input;
  const created = Math.max(input.now, (customer.last_invoice_created ?? 0) + 1);
  customer.last_invoice_created = created;
  const amount = line.unitAmount * line.quantity;
  const number = `TEST-${customer.invoice_prefix}-${String(customer.next_invoice_sequence).padStart(4, '0')}`;
  customer.next_invoice_sequence += 1;
  const id = testId('in');
  customer.invoiceIds.push(id);
  return {
    id, object: 'invoice', number, customer: customer.id, customer_email: customer.email, customer_name: customer.name,
    status: 'open', currency: line.currency.toLowerCase(), subtotal: amount, total: amount, amount_due: amount, amount_paid: 0,
    attempt_count: 0, created, period_start: input.period.start, period_end: input.period.end, status_transitions: { paid_at: null },
    parent: input.subscription
      ? { type: 'subscription_details', subscription_details: { subscription: input.subscription.id, metadata: input.subscription.metadata } }
      : null,
    lines: {
      data: [{
        id: testId('il'), description: line.description, amount, currency: line.currency.toLowerCase(), quantity: line.quantity, period: line.period,
        pricing: {
          type: 'price_details',
          ...(line.providerPriceId && line.productId ? { price_details: { price: line.providerPriceId, product: line.productId } } : {}),
          unit_amount_decimal: String(line.unitAmount),
        },
      }],
    },
    metadata: input.metadata, billing_reason: input.billingReason,
  };
}

/** One charge attempt on an open invoice: paid in full, or still open with one more failed attempt. */
export function attemptTestInvoicePayment(invoice: TestInvoiceRecord, paid: boolean, now: number): TestInvoiceRecord {
  return paid
    ? { ...invoice, status: 'paid', amount_paid: invoice.amount_due, attempt_count: invoice.attempt_count + 1, status_transitions: { paid_at: now } }
    : { ...invoice, attempt_count: invoice.attempt_count + 1 };
}
