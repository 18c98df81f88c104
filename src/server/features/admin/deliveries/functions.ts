import * as deliveries from '../../../../common/admin/deliveries/contract.ts';
import { implement } from '../../../rpc/registry.ts';
import { deliveryDetails, pageOfDeliveries } from './log.ts';
import { resendDelivery } from './resend.ts';
import { requireOperator } from '../policy.ts';
import { replayFailedDeliveries } from './replay.ts';

/** The delivery log handlers (issue 9): list, open, resend, replay. */
export const handlers = [
  implement(deliveries.listDeliveries, async (input, { caller, services }) => {
    requireOperator(caller);
    return pageOfDeliveries(services.db, input);
  }),

  implement(deliveries.getDelivery, async ({ deliveryId }, { caller, services }) => {
    requireOperator(caller);
    return { delivery: await deliveryDetails(services.db, deliveryId) };
  }),

  implement(deliveries.resendDelivery, async ({ deliveryId }, ctx) => {
    requireOperator(ctx.caller);
    return resendDelivery(ctx, deliveryId);
  }),

  implement(deliveries.replayFailedDeliveries, async ({ webhookId, since }, ctx) => {
    requireOperator(ctx.caller);
    return replayFailedDeliveries(ctx, webhookId, since);
  }),

];
