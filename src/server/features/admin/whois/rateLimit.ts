import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { WHOIS_LOOKUPS_PER_MINUTE, WHOIS_RATE_LIMITED } from '../../../../common/admin/whois/texts.ts';
import type { Services } from '../../../rpc/context.ts';
import { resourceExhausted } from '../../../rpc/errors.ts';

/** One limiter per app (tests start many apps in one process; each starts with a fresh budget). */
const limiters = new WeakMap<Services, RateLimiterMemory>();

/**
 * Takes one lookup from the operator's budget or refuses with how long to wait. In memory, so the
 * budget is per process: see docs/decisions.md ("WHOIS lookup rate limit").
 */
export async function takeLookup(services: Services, operatorId: string): Promise<void> {
  let limiter = limiters.get(services);
  if (!limiter) {
    limiter = new RateLimiterMemory({ keyPrefix: 'whois-lookup', points: WHOIS_LOOKUPS_PER_MINUTE, duration: 60 });
    limiters.set(services, limiter);
  }
  try {
    await limiter.consume(operatorId);
  } catch (refusal) {
    if (!(refusal instanceof RateLimiterRes)) throw refusal;
    throw resourceExhausted(WHOIS_RATE_LIMITED(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000))));
  }
}
