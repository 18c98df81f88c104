import * as deliveries from '../../../common/contracts/adminDeliveries.ts';
import { implement } from '../../rpc/registry.ts';
import { deliveryDetails, pageOfDeliveries } from './deliveryLog.ts';
import { resendDelivery } from './deliveryResend.ts';
import { requireDeliveryOperator } from './policy.ts';
import { replayFailedDeliveries } from './replayFailed.ts';

/** The delivery log handlers (issue 9): list, open, resend, replay. */
export const handlers = [
  implement(deliveries.listDeliveries, async (input, { caller, services }) => {
    requireDeliveryOperator(caller);
    return pageOfDeliveries(services.db, input);
  }),

  implement(deliveries.getDelivery, async ({ deliveryId }, { caller, services }) => {
    requireDeliveryOperator(caller);
    return { delivery: await deliveryDetails(services.db, deliveryId) };
  }),

  implement(deliveries.resendDelivery, async ({ deliveryId }, ctx) => {
    requireDeliveryOperator(ctx.caller);
    return resendDelivery(ctx, deliveryId);
  }),

  implement(deliveries.replayFailedDeliveries, async ({ webhookId, since }, ctx) => {
    requireDeliveryOperator(ctx.caller);
    return replayFailedDeliveries(ctx, webhookId, since);
  }),

];
