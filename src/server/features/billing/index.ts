/** The billing area's public face: what the home page may read of an account's billing. */
export { accountBillingSummary } from './accountSummary.ts';
export type { AccountBillingSummary } from './accountSummary.ts';
