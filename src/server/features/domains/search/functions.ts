import * as domains from '../../../../common/domains/contract.ts';
import { implement } from '../../../rpc/registry.ts';
import { requireDomainSearcher } from '../policy.ts';
import { searchDomains } from './service.ts';

export const handlers = [
  implement(domains.searchDomains, async (input, ctx) => {
    await requireDomainSearcher(ctx.services.db, ctx.caller, input.accountId);
    return searchDomains(ctx, input);
  }),
];
