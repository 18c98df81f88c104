import { ORDER_LOAD_FAILED, ORDER_NOT_FOUND } from '../../../../common/domains/orders.ts';

/** An order of no account of the caller's answers not-found, as does one that does not exist. */
export function orderLoadText(code: string): { text: string; retry: boolean } {
  if (code === 'not-found' || code === 'invalid-argument') return { text: ORDER_NOT_FOUND, retry: false };
  return { text: ORDER_LOAD_FAILED, retry: true };
}

export const PAYMENT_CANCELLED = 'The payment was cancelled. You can pay now or later from this page.';
export const PAYMENT_CONFIRMING = 'Your payment is being confirmed: this page updates by itself in a moment.';

/** Registering leads to payment: the order page opens the checkout by itself when asked to (?pay=now). */
export const PAY_NOW_PARAM = 'pay';
export const OPENING_PAYMENT = 'Opening the payment page...';

export const wantsPaymentNow = (params: URLSearchParams) => params.get(PAY_NOW_PARAM) === 'now';

/** What the payment provider's return address says: ?payment=cancelled or ?payment=success. */
export function paymentReturn(params: URLSearchParams): 'cancelled' | 'success' | null {
  const value = params.get('payment');
  return value === 'cancelled' || value === 'success' ? value : null;
}
