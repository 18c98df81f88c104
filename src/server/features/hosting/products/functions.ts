import * as products from '../../../../common/hosting/productsContract.ts';
import { implement } from '../../../rpc/registry.ts';
import { requireHostingOperator } from '../servers/policy.ts';
import { listMappings, livePackages, removeMapping, saveMapping } from './service.ts';

/** The product page's hosting section (issue 22): which product provisions, where and with which package. */
export const handlers = [
  implement(products.listHostingProducts, async (_input, { caller, services }) => {
    requireHostingOperator(caller);
    return { mappings: await listMappings(services.db) };
  }),

  // A read: no transaction is open while the panel answers, and nothing changes to audit.
  implement(products.listPanelPackages, async ({ panel, groupId }, ctx) => {
    requireHostingOperator(ctx.caller);
    return livePackages(ctx, panel, groupId);
  }),

  implement(products.saveHostingProduct, async (input, ctx) => {
    requireHostingOperator(ctx.caller);
    return { success: true as const, mapping: await saveMapping(ctx, input) };
  }),

  implement(products.removeHostingProduct, async ({ productId }, ctx) => {
    requireHostingOperator(ctx.caller);
    return { success: true as const, removed: await removeMapping(ctx, productId) };
  }),
];
