import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { VERIFY_LOOKUPS_PER_MINUTE } from '../../../../common/admin/domainDetail/texts.ts';
import type { Services } from '../../../rpc/context.ts';

/** One limiter per app (tests start many apps in one process; each starts with a fresh budget). */
const limiters = new WeakMap<Services, RateLimiterMemory>();

/**
 * Takes one registry lookup from the operator's verification budget; answers the seconds to wait
 * when it is spent. A spent budget skips the registry for this read instead of failing it, so the
 * detail page still shows our record and the supplier's (docs/decisions.md, "Domain detail").
 */
export async function takeVerifyLookup(services: Services, operatorId: string): Promise<number | null> {
  let limiter = limiters.get(services);
  if (!limiter) {
    limiter = new RateLimiterMemory({ keyPrefix: 'domain-verify-lookup', points: VERIFY_LOOKUPS_PER_MINUTE, duration: 60 });
    limiters.set(services, limiter);
  }
  try {
    await limiter.consume(operatorId);
    return null;
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
  }
}
