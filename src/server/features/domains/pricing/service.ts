import type { TldPrice } from '../../../../common/domains/contract.ts';
import type { Db } from '../../../db/transaction.ts';
import { sellPrices } from './tldPrices.ts';

/** The spec's `pricing` map: every TLD we can register, dollars beside the cents. */
export async function tldPricing(db: Db): Promise<Record<string, TldPrice>> {
  const pricing: Record<string, TldPrice> = {};
  for (const [tld, p] of await sellPrices(db)) {
    pricing[tld] = {
      price: p.registerCents / 100, registerCents: p.registerCents, renewCents: p.renewCents, transferCents: p.transferCents, currency: p.currency,
      periods: p.registerTotals.flatMap((total, i) => (total === null ? [] : [{ years: i + 1, registerCents: total, renewCents: p.renewTotals[i] ?? null }])),
    };
  }
  return pricing;
}
