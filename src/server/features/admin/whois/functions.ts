import * as whois from '../../../../common/admin/whois/contract.ts';
import { implement } from '../../../rpc/registry.ts';
import { requireOperator } from '../policy.ts';
import { lookUpDomain } from './lookup.ts';
import { takeLookup } from './rateLimit.ts';

/** The back office's WHOIS lookup (issue 19): a read, not audited, limited per operator. */
export const handlers = [
  implement(whois.whoisLookup, async ({ domain }, ctx) => {
    requireOperator(ctx.caller);
    await takeLookup(ctx.services, ctx.caller.userId);
    return lookUpDomain(domain, ctx);
  }),
];
