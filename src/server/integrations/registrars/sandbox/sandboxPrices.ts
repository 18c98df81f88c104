import type { TldCost } from '../registrar.ts';

type Cents = Pick<TldCost, 'registerCents' | 'renewCents' | 'transferCents'>;

/**
 * What the sandbox charges, per year in US cents: close to real wholesale costs, so the margins
 * operators set on top look as they would with a real supplier. The .uk names transfer for
 * nothing, as at Nominet (a tag change).
 */
const PRICES: Record<string, Cents> = {
  com: { registerCents: 1029, renewCents: 1029, transferCents: 1029 },
  net: { registerCents: 1199, renewCents: 1199, transferCents: 1199 },
  org: { registerCents: 999, renewCents: 1099, transferCents: 1099 },
  info: { registerCents: 499, renewCents: 2199, transferCents: 2199 },
  biz: { registerCents: 1299, renewCents: 1899, transferCents: 1899 },
  co: { registerCents: 1199, renewCents: 2499, transferCents: 2499 },
  io: { registerCents: 3599, renewCents: 4299, transferCents: 4299 },
  app: { registerCents: 1199, renewCents: 1399, transferCents: 1399 },
  dev: { registerCents: 1099, renewCents: 1299, transferCents: 1299 },
  tech: { registerCents: 699, renewCents: 4499, transferCents: 4499 },
  'co.uk': { registerCents: 599, renewCents: 599, transferCents: 0 },
  'org.uk': { registerCents: 599, renewCents: 599, transferCents: 0 },
  'com.au': { registerCents: 1299, renewCents: 1299, transferCents: 1299 },
};

export const SANDBOX_TLD_COSTS: readonly TldCost[] = Object.entries(PRICES)
  .map(([tld, cents]) => ({ tld, ...cents, currency: 'USD' }));

export function sandboxCostOf(tld: string): TldCost | null {
  return SANDBOX_TLD_COSTS.find((cost) => cost.tld === tld) ?? null;
}
