import * as catalog from '../../../common/contracts/catalog.ts';
import { implement } from '../../rpc/registry.ts';
import { requireCatalogOperator } from './policy.ts';
import { operatorCatalog, publicCatalog, savePrice, saveProduct } from './service.ts';
import { syncCatalog } from './syncCatalog.ts';

export const handlers = [
  implement(catalog.listProducts, async ({ category }, { services }) => ({ products: await publicCatalog(services.db, category ?? null) })),

  implement(catalog.adminListProducts, async (_input, { caller, services }) => {
    requireCatalogOperator(caller);
    return { mode: services.payments.mode, products: await operatorCatalog(services.db) };
  }),

  implement(catalog.adminSaveProduct, async (input, ctx) => {
    requireCatalogOperator(ctx.caller);
    return { product: await saveProduct(ctx, input) };
  }),

  implement(catalog.adminSavePrice, async (input, ctx) => {
    requireCatalogOperator(ctx.caller);
    return { price: await savePrice(ctx, input) };
  }),

  implement(catalog.syncPaymentCatalog, async (_input, ctx) => {
    requireCatalogOperator(ctx.caller);
    return syncCatalog(ctx);
  }),
];
