import * as domains from '../../../../common/domains/contract.ts';
import type { FunctionHandler } from '../../../rpc/registry.ts';
import { implement, implementWithOutsideCalls } from '../../../rpc/registry.ts';
import { requireDomainsOperator } from '../policy.ts';
import { tldPricing } from './service.ts';
import { syncAsOperator } from './supplierSyncService.ts';

export const handlers: FunctionHandler[] = [
  implement(domains.getTldPricing, async (_input, { services }) => ({ success: true as const, pricing: await tldPricing(services.db) })),

  implementWithOutsideCalls(domains.syncSupplierTlds, async ({ supplierId }, ctx) => {
    requireDomainsOperator(ctx.caller);
    return syncAsOperator(ctx, supplierId);
  }),
];
