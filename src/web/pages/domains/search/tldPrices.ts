import type { TldPrice } from '../../../../common/domains/contract.ts';

/** getTldPricing's answer as the search rules read it: TLD to its registration price per year in cents. */
export function registerCentsByTld(pricing: Readonly<Record<string, Pick<TldPrice, 'registerCents'>>>): Record<string, number> {
  return Object.fromEntries(Object.entries(pricing).map(([tld, price]) => [tld, price.registerCents]));
}
