import { NOTHING_TO_SYNC, syncedFromStripe } from '../../../common/catalog/contract.ts';
import { record } from '../../audit/record.ts';
import { byCaller, recordEvent } from '../../events/recordEvent.ts';
import type { BackOfficeCallContext } from '../../rpc/context.ts';
import type { Tx } from '../../db/transaction.ts';
import { type PaymentProvider, PaymentProviderError } from '../../integrations/payments/provider.ts';
import { runWork } from '../../jobs/workRuns.ts';
import type { FastifyBaseLogger } from 'fastify';
import { newPriceId, newProductId } from './catalogIds.ts';
import { priceOf, productFieldsOf } from './providerMapping.ts';
import {
  countCatalog, deactivatePricesExcept, deactivateProductsExcept, findProductIdByProviderId, upsertPriceByProviderId, upsertProductByProviderId,
} from './repository.ts';

type ProviderCatalog = Awaited<ReturnType<PaymentProvider['listCatalog']>>;

export interface SyncResult {
  mode: PaymentProvider['mode'];
  products: number;
  prices: number;
  message: string;
}

/**
 * Stripe mode: brings the catalogue in line with Stripe's, which is the reference there (a
 * webhook missed while the portal was down is repaired here). Stripe's list is read with no
 * transaction open, then written in one short unit. Test mode: the portal's tables are the
 * catalogue, so there is nothing to read; the operator is told so, with its size. Either way it
 * is a 'catalog-sync' run (src/server/jobs/workRuns.ts): its progress counts the products and
 * prices read, and its summary, written with the catalogue, is the answer.
 */
export async function syncCatalog(ctx: BackOfficeCallContext): Promise<SyncResult> {
  const { services } = ctx;
  const request = { kind: 'catalog-sync' as const, requestedBy: ctx.caller.userId, describeFailure: providerFailure };
  return runWork(services, request, async (run) => {
    const catalog = services.payments.mode === 'test' ? null : await services.payments.listCatalog((listed) => run.progress(listed, null));
    const listed = catalog ? catalog.products.length + catalog.prices.length : 0;
    run.progress(listed, listed);
    return ctx.unitOfWork(async ({ tx, caller, requestId }) => {
      const now = services.clock.nowIso();
      let result: SyncResult;
      let deactivated: { products: number; prices: number } | null = null;
      if (!catalog) {
        result = { mode: 'test', ...await countCatalog(tx.db), message: NOTHING_TO_SYNC };
      } else {
        const synced = await copyProviderCatalog(tx, catalog, services.log, now);
        deactivated = synced.deactivated;
        result = { mode: services.payments.mode, products: synced.products, prices: synced.prices, message: syncedFromStripe(synced.products, synced.prices) };
      }
      await record(tx, {
        actor: { userId: caller.userId, email: caller.email }, actingAs: null, action: 'catalog.synced',
        target: { type: 'catalog', id: null }, after: { ...result, deactivated }, requestId, at: now,
      });
      await recordEvent(tx, {
        type: 'admin.catalog.synced', actor: byCaller(caller),
        payload: { mode: result.mode, products: result.products, prices: result.prices, deactivated }, at: now,
      });
      await run.complete(tx, result);
      return result;
    });
  });
}

/** The provider's own words are meant for people (and carry no secret); anything else stays in the log. */
const providerFailure = (error: unknown) => (error instanceof PaymentProviderError ? error.message : undefined);

/**
 * Every product and price the provider lists is written as it is now (keeping the later of the
 * stored and the provider's clocks, so an older webhook arriving afterwards changes nothing);
 * whatever it no longer lists becomes inactive, never deleted: subscriptions and invoices point at it.
 */
async function copyProviderCatalog(tx: Tx, catalog: ProviderCatalog, log: FastifyBaseLogger, now: string) {
  const localIdOf = new Map<string, string>();
  for (const product of catalog.products) {
    const id = await upsertProductByProviderId(tx.db, {
      ...productFieldsOf(product), newId: newProductId(), providerProductId: product.id, providerUpdated: product.updated,
    }, 'always', now);
    if (id) localIdOf.set(product.id, id);
  }
  let prices = 0;
  for (const price of catalog.prices) {
    const productId = localIdOf.get(price.product) ?? await findProductIdByProviderId(tx.db, price.product);
    if (!productId) {
      log.warn({ price: price.id, product: price.product }, 'catalogue sync: price of a product the provider did not list, skipped');
      continue;
    }
    await upsertPriceByProviderId(tx.db, {
      ...priceOf(price), newId: newPriceId(), productId, providerPriceId: price.id, providerUpdated: price.created,
    }, 'always', now);
    prices += 1;
  }
  const deactivated = {
    products: await deactivateProductsExcept(tx.db, catalog.products.map((p) => p.id), now),
    prices: await deactivatePricesExcept(tx.db, catalog.prices.map((p) => p.id), now),
  };
  return { products: catalog.products.length, prices, deactivated };
}
