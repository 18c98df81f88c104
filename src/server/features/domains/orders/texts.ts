/**
 * The order functions' answers, in words a customer can act on. A taken name reads the same
 * whether we, another account or a registry holds it: the answer must not tell an outsider
 * which names our customers have.
 */
export const tldNotSold = (tld: string) => `We do not sell .${tld} domains.`;
export const nameNotAvailable = (domain: string) => `${domain} is not available.`;
export const premiumName = (domain: string) => `${domain} is a premium name with its own price. Please contact support to register it.`;
export const tldNotRenewable = (tld: string) => `We cannot renew .${tld} domains online right now. Please contact support.`;
export const ONLY_ACTIVE_OR_EXPIRED_RENEW = 'Only active or expired domains can be renewed.';
export const ORDER_NOT_AWAITING_PAYMENT = 'This order does not await payment.';
export const ORDER_PAID_MEANWHILE = 'This order has just been paid, so it can no longer be cancelled. It is being carried out; contact support if you did not mean to buy it.';
export const PAYMENT_AMOUNT_MISMATCH = 'The payment did not match the order total. Our team will refund or complete it.';

/** The checkout's line: 'example.com registration, 2 years'. */
export function orderLineName(domain: string, kind: 'registration' | 'renewal', years: number): string {
  return `${domain} ${kind}, ${years} ${years === 1 ? 'year' : 'years'}`;
}
