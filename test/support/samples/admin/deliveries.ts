import type { contracts } from '../../../../src/common/admin/deliveries/contract.ts';
import { insertDeliveryRow, insertEventRow, insertWebhookRow } from '../../events/deliveryRows.ts';
import type { SampleInput } from '../sampleInputs.ts';

/** A failed delivery to a fresh active webhook: each call of the matrix resends or replays its own. */
async function failedDelivery(s: Parameters<SampleInput>[0]) {
  const webhookId = await insertWebhookRow(s.t);
  const eventId = await insertEventRow(s.t);
  const deliveryId = await insertDeliveryRow(s.t, { webhookId, eventId, status: 'failed' });
  return { webhookId, deliveryId };
}

/** The permission matrix's inputs for adminDeliveries (issue 9). */
export const adminDeliveriesSamples: Record<keyof typeof contracts, SampleInput> = {
  listDeliveries: async () => ({ limit: 5, status: 'failed' }),
  getDelivery: async (s) => ({ deliveryId: (await failedDelivery(s)).deliveryId }),
  resendDelivery: async (s) => ({ deliveryId: (await failedDelivery(s)).deliveryId }),
  replayFailedDeliveries: async (s) => ({ webhookId: (await failedDelivery(s)).webhookId, since: new Date(Date.now() - 3600_000).toISOString() }),
};
