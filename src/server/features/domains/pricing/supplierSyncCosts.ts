import type { TldCost, YearCosts } from '../../../integrations/registrars/registrar.ts';

const TLD = /^[a-z0-9-]{1,63}(\.[a-z0-9-]{1,63}){0,2}$/;
const cents = (value: number | null) => (value !== null && Number.isSafeInteger(value) && value >= 0 ? value : null);

/** Multi-year totals of 2..10 years that are whole non-negative cents; the rest dropped. */
function yearCosts(list: YearCosts | undefined): YearCosts | undefined {
  if (!list) return undefined;
  const kept = Object.entries(list).flatMap(([years, total]) => {
    const n = Number(years);
    const value = cents(total ?? null);
    return Number.isInteger(n) && n >= 2 && n <= 10 && value !== null ? [[n, value] as const] : [];
  });
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

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
    const row: TldCost = {
      tld, registerCents: cents(cost.registerCents), renewCents: cents(cost.renewCents), transferCents: cents(cost.transferCents),
      currency: (cost.currency || 'USD').trim().toUpperCase(),
    };
    const years = { register: yearCosts(cost.years?.register), renew: yearCosts(cost.years?.renew) };
    if (years.register || years.renew) Object.assign(row, { years: Object.fromEntries(Object.entries(years).filter(([, v]) => v !== undefined)) });
    if (row.registerCents !== null || row.renewCents !== null || row.transferCents !== null) seen.set(tld, row);
  }
  return [...seen.values()];
}

const yearsKey = (list: YearCosts | undefined) => Object.entries(list ?? {}).map(([n, c]) => `${Number(n)}:${c}`).sort().join(',');
const costKey = (c: TldCost) =>
  [c.registerCents, c.renewCents, c.transferCents, c.currency, yearsKey(c.years?.register), yearsKey(c.years?.renew)].join('|');

/** How a supplier's applied list differs from what we held: TLDs new to it, and TLDs whose costs moved. */
export function countChanges(current: Map<string, TldCost>, applied: TldCost[]): { newTlds: number; updatedTlds: number } {
  let newTlds = 0;
  let updatedTlds = 0;
  for (const cost of applied) {
    const before = current.get(cost.tld);
    if (!before) newTlds += 1;
    else if (costKey(before) !== costKey(cost)) updatedTlds += 1;
  }
  return { newTlds, updatedTlds };
}
