import { getDomainOrder } from '../../../../common/domains/ordersContract.ts';
import { defineLiveTopic } from '../../../live/topics.ts';
import { requireOrderMember } from '../policy.ts';

/** `domain-order/{orderId}`: one order's progress, for whoever getDomainOrder lets read it. */
export const domainOrderTopic = defineLiveTopic({
  pattern: 'domain-order/:orderId',
  readsLike: getDomainOrder,
  input: ({ orderId }) => ({ orderId }),
  authorize: async ({ orderId }, { caller, services }) => { await requireOrderMember(services.db, caller, orderId); },
});
