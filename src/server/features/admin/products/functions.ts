import * as catalog from '../../../../common/catalog/contract.ts';
import { implement, implementWithOutsideCalls } from '../../../rpc/registry.ts';
import { operatorCatalog, savePrice, saveProduct, syncCatalog } from '../../catalog/index.ts';
import { requireOperator } from '../policy.ts';

/** The catalogue's products and prices for operators: saved at the payment provider first (no transaction open), then here. */
export const handlers = [
  implement(catalog.adminListProducts, async (_input, { caller, services }) => {
    requireOperator(caller);
    return { mode: services.payments.mode, products: await operatorCatalog(services.db) };
  }),

  implementWithOutsideCalls(catalog.adminSaveProduct, async (input, ctx) => {
    requireOperator(ctx.caller);
    return { product: await saveProduct(ctx, input) };
  }),

  implementWithOutsideCalls(catalog.adminSavePrice, async (input, ctx) => {
    requireOperator(ctx.caller);
    return { price: await savePrice(ctx, input) };
  }),

  implementWithOutsideCalls(catalog.syncPaymentCatalog, async (_input, ctx) => {
    requireOperator(ctx.caller);
    return syncCatalog(ctx);
  }),
];
