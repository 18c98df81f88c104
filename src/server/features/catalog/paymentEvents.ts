import type { Tx } from '../../db/transaction.ts';
import type { PaymentEvent, ProviderPrice, ProviderProduct } from '../../integrations/payments/events.ts';
import type { PaymentEventHandler } from '../../integrations/payments/receiveEvent.ts';
import type { Services } from '../../rpc/context.ts';
import { newPriceId, newProductId } from './catalogIds.ts';
import { priceOf, productFieldsOf } from './providerMapping.ts';
import { findProductIdByProviderId, upsertPriceByProviderId, upsertProductByProviderId } from './repository.ts';

/**
 * A product event, whatever its kind, writes the product as the event shows it, unless the row
 * already holds a newer word from the provider. A deleted product is kept inactive (invoices and
 * subscriptions point at it), and a deletion that overtakes the creation leaves the creation
 * nothing to undo.
 */
async function applyProduct(tx: Tx, event: PaymentEvent, services: Services) {
  const product = event.data.object as ProviderProduct;
  const fields = productFieldsOf(product);
  await upsertProductByProviderId(tx.db, {
    ...fields, active: event.type === 'product.deleted' ? false : fields.active,
    newId: newProductId(), providerProductId: product.id, providerUpdated: event.created,
  }, 'ifNewer', services.clock.nowIso());
}

/**
 * The same for a price. A price of a product the portal does not know yet is skipped: Stripe
 * sends product.created before price.created, and the operators' sync repairs any gap.
 */
async function applyPrice(tx: Tx, event: PaymentEvent, services: Services) {
  const price = event.data.object as ProviderPrice;
  const productId = await findProductIdByProviderId(tx.db, price.product);
  if (!productId) {
    services.log.warn({ eventId: event.id, price: price.id, product: price.product }, 'price event for an unknown product ignored');
    return;
  }
  const terms = priceOf(price);
  await upsertPriceByProviderId(tx.db, {
    ...terms, active: event.type === 'price.deleted' ? false : terms.active,
    newId: newPriceId(), productId, providerPriceId: price.id, providerUpdated: event.created,
  }, 'ifNewer', services.clock.nowIso());
}

/** Product and price events: the catalogue follows the provider's. */
export const paymentEventHandlers: PaymentEventHandler[] = [
  ...(['product.created', 'product.updated', 'product.deleted'] as const).map((type) => ({ type, handle: applyProduct })),
  ...(['price.created', 'price.updated', 'price.deleted'] as const).map((type) => ({ type, handle: applyPrice })),
];
