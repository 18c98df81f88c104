import { HOSTING_DOMAIN_REQUIRED, HOSTING_FIELDS_NOT_ASKED, type HostingOrderInput } from '../../../../common/hosting/orderFields.ts';
import type { Db, Tx } from '../../../db/transaction.ts';
import { invalidArgument } from '../../../rpc/errors.ts';
import { findMapping, insertOrderFields } from './billingRepository.ts';

/** What a checkout keeps for the service its first payment makes. */
export interface HostingOrder {
  productId: string;
  domain: string | null;
}

/**
 * Checks a checkout's order-time fields against what the product asks for, before the provider
 * is asked for a session: the primary domain is required when the plan's mapping lists it, and
 * refused for a plan that does not provision. Answers what to keep, or null for a plan without hosting.
 */
export async function checkHostingOrder(db: Db, productId: string, input: HostingOrderInput | undefined): Promise<HostingOrder | null> {
  const mapping = await findMapping(db, productId);
  if (!mapping) {
    if (input !== undefined) throw invalidArgument(HOSTING_FIELDS_NOT_ASKED);
    return null;
  }
  const domain = input?.domain ?? null;
  if (mapping.orderFields.includes('domain') && domain === null) throw invalidArgument(HOSTING_DOMAIN_REQUIRED);
  return { productId, domain: mapping.orderFields.includes('domain') ? domain : null };
}

/** Kept in the checkout's own unit of work, under our checkout's id, which the subscription's metadata carries back. */
export async function keepHostingOrder(tx: Tx, order: HostingOrder, of: { checkoutSessionId: string; accountId: string; now: string }) {
  await insertOrderFields(tx.db, { ...of, productId: order.productId, domain: order.domain });
}
