import * as events from '../../../../common/admin/events/contract.ts';
import { implement } from '../../../rpc/registry.ts';
import { collect, sendTest } from './collect.ts';
import { requireOperator } from '../policy.ts';
import { eventsDashboard, pageOfEvents } from './service.ts';

/** The event handlers (issue 9): collect, the list, the dashboard, the test sender. */
export const handlers = [
  implement(events.collectEvent, async (input, ctx) => {
    requireOperator(ctx.caller);
    return collect(ctx, input);
  }),

  implement(events.listEvents, async (input, { caller, services }) => {
    requireOperator(caller);
    return pageOfEvents(services.db, input);
  }),

  implement(events.getEventsDashboard, async (_input, { caller, services }) => {
    requireOperator(caller);
    return eventsDashboard(services.db, services.clock.now());
  }),

  implement(events.sendTestEvent, async ({ template }, ctx) => {
    requireOperator(ctx.caller);
    return sendTest(ctx, template);
  }),
];
