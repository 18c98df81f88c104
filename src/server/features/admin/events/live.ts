import { getEventsDashboard } from '../../../../common/admin/events/contract.ts';
import { defineLiveTopic } from '../../../live/topics.ts';
import { requireOperator } from '../policy.ts';

/** `admin/events`: new events, deliveries and webhook health, for whoever may read getEventsDashboard. */
export const adminEventsTopic = defineLiveTopic({
  pattern: 'admin/events',
  readsLike: getEventsDashboard,
  input: () => ({}),
  authorize: async (_input, { caller }) => requireOperator(caller),
});
