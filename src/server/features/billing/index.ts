/** The billing area's public face: what the back office's account page may read of an account's billing. */
export { invoicesOfAccount, subscriptionsOfAccount } from './accountHistory.ts';
