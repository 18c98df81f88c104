/** The billing area's public face: what the home page and the catalogue may read of an account's billing. */
export { accountBillingSummary } from './accountSummary.ts';
export type { AccountBillingSummary } from './accountSummary.ts';
export { countSubscriptionsByPrice } from './subscriptionRepository.ts';
