import type { contracts } from '../../../../src/common/admin/orders/contract.ts';
import { nowIso } from '../../../../src/server/db/connection.ts';
import { transitionOrder } from '../../../../src/server/features/domains/orders/repository.ts';
import { placedOrder } from '../domainOrders.ts';
import type { SampleInput } from '../sampleInputs.ts';

/** An order of the cast's account that the registration job gave up on, as an operator finds it. */
async function failedOrder(...[{ t, cast }]: Parameters<SampleInput>): Promise<string> {
  const orderId = await placedOrder(t, cast.owner, cast.accountId);
  await transitionOrder(t.services.db, orderId, 'failed', { error: 'No registrar could register it.', updated_at: nowIso() });
  return orderId;
}

const nextYear = () => `${new Date().getUTCFullYear() + 1}-06-30`;

// Writes act on a fresh order each call so that no call of the matrix changes what the others share.

/** The permission matrix's inputs for the back office's orders functions (issue 8). */
export const adminOrdersSamples: Record<keyof typeof contracts, SampleInput> = {
  getAllOrders: async () => ({ limit: 5, sortBy: 'domain', sortOrder: 'asc' }),
  getFailedOrders: async () => ({}),
  bulkRetryOrders: async (s) => ({ orderIds: [await failedOrder(s)], forceRegistrar: null }),
  getOrderDetails: async ({ t, cast }) => ({ orderId: await placedOrder(t, cast.owner, cast.accountId) }),
  updateOrderStatus: async ({ t, cast }) => ({ orderId: await placedOrder(t, cast.owner, cast.accountId), status: 'cancelled', notes: 'Customer asked to cancel' }),
  manuallyCompleteOrder: async (s) => ({
    orderId: await failedOrder(s), registrationId: 'REG-1', registrar: 'other', registrarName: 'Gandi', expirationDate: nextYear(), nameservers: ['ns1.example.net'],
  }),
  listOrderSuppliers: async () => ({}),
};
