/** The billing area's public face: what the home page, the catalogue and the back office's account page may read of an account's billing. */
export { billingSummaryColumns, billingSummaryOf } from './accountSummary.ts';
export type { AccountBillingSummary, BillingSummaryColumns } from './accountSummary.ts';
export { invoicesOfAccount, subscriptionsOfAccount } from './accountHistory.ts';
export { countSubscriptionsByPrice } from './subscriptionRepository.ts';
export { markInvoiceRefunded } from './invoices/refunds.ts';
export { renewalDatesOf } from './renewalDates.ts';
