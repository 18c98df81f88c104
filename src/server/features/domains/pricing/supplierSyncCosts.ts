import type { TldCost } from '../../../integrations/registrars/registrar.ts';

const TLD = /^[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63}){0,2}$/;
const cents = (value: number | null) => (value !== null && Number.isSafeInteger(value) && value >= 0 ? value : null);

/**
 * What a supplier listed, in the form we store: TLDs lower-case without the dot, currency
 * upper-case, amounts whole non-negative cents (anything else read as "not offered"). Rows with
 * no amount at all and repeated TLDs (the first wins) are dropped.
 */
export function normalizeTldCosts(costs: TldCost[]): TldCost[] {
  const seen = new Map<string, TldCost>();
  for (const cost of costs) {
    const tld = cost.tld.trim().toLowerCase().replace(/^\./, '');
    if (!TLD.test(tld) || seen.has(tld)) continue;
    const row = {
      tld, registerCents: cents(cost.registerCents), renewCents: cents(cost.renewCents), transferCents: cents(cost.transferCents),
      currency: (cost.currency || 'USD').trim().toUpperCase(),
    };
    if (row.registerCents !== null || row.renewCents !== null || row.transferCents !== null) seen.set(tld, row);
  }
  return [...seen.values()];
}
