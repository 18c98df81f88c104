import { ORDER_LOAD_FAILED, ORDER_NOT_FOUND } from '../../../../common/domainOrders.ts';

/** An order of no account of the caller's answers not-found, as does one that does not exist. */
export function orderLoadText(code: string): { text: string; retry: boolean } {
  if (code === 'not-found' || code === 'invalid-argument') return { text: ORDER_NOT_FOUND, retry: false };
  return { text: ORDER_LOAD_FAILED, retry: true };
}

export const PAYMENT_CANCELLED = 'The payment was cancelled. You can pay now or later from this page.';
export const PAYMENT_CONFIRMING = 'Your payment is being confirmed: this page updates by itself in a moment.';

/** What the payment provider's return address says: ?payment=cancelled or ?payment=success. */
export function paymentReturn(params: URLSearchParams): 'cancelled' | 'success' | null {
  const value = params.get('payment');
  return value === 'cancelled' || value === 'success' ? value : null;
}

/** The daily job's renewal orders (the contract's `orderedBy`), charged to the saved payment method rather than paid through a checkout. */
const AUTOMATIC_RENEWAL_ORDERED_BY = 'Automatic renewal';
export const AUTOMATIC_RENEWAL_CHARGED = 'This automatic renewal is charged to the saved payment method of the account; it needs no checkout.';

export function isAutomaticRenewal(order: { kind: string; userId: string | null; orderedBy: string | null }): boolean {
  return order.kind === 'renewal' && order.userId === null && order.orderedBy === AUTOMATIC_RENEWAL_ORDERED_BY;
}
