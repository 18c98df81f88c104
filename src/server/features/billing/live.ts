import { getBillingOverview } from '../../../common/billing/contract.ts';
import { defineLiveTopic } from '../../live/topics.ts';
import { requireBillingReader } from './policy.ts';

/** `billing/{accountId}`: the account's billing (profile, customer, subscriptions, invoices), for whoever getBillingOverview lets read it. */
export const billingTopic = defineLiveTopic({
  pattern: 'billing/:accountId',
  readsLike: getBillingOverview,
  input: ({ accountId }) => ({ accountId }),
  authorize: ({ accountId }, { caller, services }) => requireBillingReader(services.db, caller, accountId),
});
