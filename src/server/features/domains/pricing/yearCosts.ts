/** A registry accepts terms of 1 to 10 years; the register page offers each. */
export const MAX_TERM_YEARS = 10;

/** One supplier's costs for one TLD: the one-year rows and the multi-year totals it published. */
export interface SupplierCosts {
  supplierId: string;
  registerCents: number | null;
  renewCents: number | null;
  /** 'register:3' → total cents for 3 years, as published. */
  published: Map<string, number>;
}

export type CostAction = 'register' | 'renew';

/**
 * What `years` years of `action` cost at the supplier, in cents; null when it does not offer it.
 * A published total for exactly that term is what the supplier charges. Otherwise the term is
 * priced as the first year plus renewals (a promotional first year is not a price for the later
 * ones), and, where the supplier publishes brackets (Enom's 2/5/10), never below the per-year
 * price of the bracket the term falls in: the higher of the two, so a term is never sold below
 * what it may cost.
 */
export function costForYears(costs: SupplierCosts, action: CostAction, years: number): number | null {
  const exact = costs.published.get(`${action}:${years}`);
  if (exact !== undefined) return exact;
  const renewPerYear = costs.renewCents ?? costs.registerCents;
  const first = action === 'register' ? costs.registerCents : renewPerYear;
  if (first === null || renewPerYear === null) return null;
  let total = first + (years - 1) * renewPerYear;
  for (let below = years - 1; below >= 1; below--) {
    const bracket = costs.published.get(`${action}:${below}`);
    if (bracket === undefined) continue;
    total = Math.max(total, Math.ceil((bracket / below) * years));
    break;
  }
  return total;
}
