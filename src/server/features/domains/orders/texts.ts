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
export const expiredRenewalRefused = (domain: string) =>
  `${domain} has expired. Renewing it now needs our registrar's restore, which cannot be ordered online: please open a support ticket and our team will restore it for you.`;
export const pastRegistryMaximum = (domain: string, years: number, maxYears: number) => (maxYears === 0
  ? `${domain} cannot be renewed for ${years} ${years === 1 ? 'year' : 'years'}: registries allow at most 10 years ahead, and it is already registered that far.`
  : `${domain} cannot be renewed for ${years} years: registries allow at most 10 years ahead, so it can be renewed for at most ${maxYears} ${maxYears === 1 ? 'year' : 'years'} now.`);
export const renewalSupplierGone = (domain: string) =>
  `${domain} cannot be renewed online right now: the registrar it is held at is not connected to our platform. Please open a support ticket and our team will renew it.`;
export const renewalManagedByHand = (domain: string) =>
  `${domain} is managed by our team by hand, so it cannot be renewed online. Please open a support ticket and our team will renew it.`;
/** At most this many registrations may await payment in one account: each holds its name from other customers. */
export const MAX_UNPAID_REGISTRATIONS = 10;
export const TOO_MANY_UNPAID_REGISTRATIONS =
  `This account already has ${MAX_UNPAID_REGISTRATIONS} domain registrations awaiting payment. Pay for or cancel one of them before registering another name.`;
export const renewalAlreadyPaid = (domain: string) =>
  `A renewal of ${domain} is already paid and waiting for our registrar or our team. You will not be charged again: see the order on your orders page.`;
