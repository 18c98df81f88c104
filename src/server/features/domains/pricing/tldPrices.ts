import { needsRegistrantFields } from '../../../../common/domains/registryRequirements.ts';
import type { Db } from '../../../db/transaction.ts';
import {
  activeSupplierCosts, activeSupplierYearCosts, GLOBAL_MARKUP_TLD, listMarkups, type Markup, PORTAL_CURRENCY, supplierCostsOf,
} from './tldPricesRepository.ts';
import { type CostAction, costForYears, MAX_TERM_YEARS, type SupplierCosts } from './yearCosts.ts';

export type { Markup } from './tldPricesRepository.ts';

/** What we charge for one TLD, in cents. */
export interface SellPrice {
  /** One year's registration. */
  registerCents: number;
  renewCents: number | null;
  transferCents: number | null;
  currency: string;
  /** The active suppliers that register it, cheapest one-year register cost first (ties by id). */
  supplierIds: string[];
  /**
   * Index years−1: the total a registration for that many years costs the customer (the
   * cheapest supplier's cost for that term plus the markup), null where no supplier offers it.
   */
  registerTotals: (number | null)[];
  /** The same for a renewal, at the cheapest supplier: a guide; a domain renews at its own supplier's price (renewPriceFor). */
  renewTotals: (number | null)[];
}

/**
 * Cost plus markup, rounded up to a whole cent. A negative markup (a discount an operator might
 * type) counts as none: we never sell below what the supplier charges us.
 */
export function applyMarkup(costCents: number, markup: Markup | null | undefined): number {
  if (!markup || markup.value <= 0) return costCents;
  if (markup.kind === 'fixed') return costCents + markup.value;
  // Integer numerator: the division is exact when whole, and otherwise far from the next integer.
  return Math.ceil((costCents * (10_000 + markup.value)) / 10_000);
}

/** A term's total: a percent markup on the term's cost, a fixed markup once per year. */
export function applyMarkupForYears(costCents: number, markup: Markup | null | undefined, years: number): number {
  if (markup?.kind === 'fixed' && markup.value > 0) return costCents + markup.value * years;
  return applyMarkup(costCents, markup);
}

interface CostRow {
  tld: string;
  supplier_id: string;
  register_cents: number | null;
  renew_cents: number | null;
  transfer_cents: number | null;
}

const cheaper = (a: number | null, b: number | null) => (b === null ? a : a === null ? b : Math.min(a, b));
const yearKey = (action: string, years: number) => `${action}:${years}`;

/** The supplier's costs for one TLD as costForYears reads them. */
export function supplierCosts(
  supplierId: string, row: { register_cents: number | null; renew_cents: number | null }, years: { action: string; years: number; cents: number }[],
): SupplierCosts {
  return {
    supplierId, registerCents: row.register_cents, renewCents: row.renew_cents,
    published: new Map(years.map((y) => [yearKey(y.action, Number(y.years)), Number(y.cents)])),
  };
}

/** The cheapest of the suppliers' costs for each term of 1..10 years. */
function cheapestTotals(costs: SupplierCosts[], action: CostAction, markup: Markup | undefined): (number | null)[] {
  return Array.from({ length: MAX_TERM_YEARS }, (_, i) => {
    const cost = costs.map((c) => costForYears(c, action, i + 1)).reduce(cheaper, null);
    return cost === null ? null : applyMarkupForYears(cost, markup, i + 1);
  });
}

/**
 * Our price per TLD: for each operation and term the cheapest active supplier's cost, plus the
 * TLD's own markup or else the global one. TLDs no active supplier registers, and TLDs whose
 * registry needs registrant fields we do not collect, are left out. `tld` reads one TLD only.
 */
export async function sellPrices(db: Db, options: { tld?: string } = {}): Promise<Map<string, SellPrice>> {
  const [rows, yearRows, markups] = await Promise.all([
    activeSupplierCosts(db, options.tld), activeSupplierYearCosts(db, options.tld), listMarkups(db),
  ]);
  const byTld = new Map<string, CostRow[]>();
  for (const row of rows) {
    if (needsRegistrantFields(row.tld)) continue;
    const group = byTld.get(row.tld);
    if (group) group.push(row);
    else byTld.set(row.tld, [row]);
  }
  const yearsOf = new Map<string, { action: string; years: number; cents: number }[]>();
  for (const y of yearRows) {
    const key = `${y.supplier_id} ${y.tld}`;
    const list = yearsOf.get(key);
    if (list) list.push(y);
    else yearsOf.set(key, [y]);
  }
  const prices = new Map<string, SellPrice>();
  for (const [tld, group] of [...byTld].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const registering = group.filter((r) => r.register_cents !== null)
      .sort((a, b) => a.register_cents! - b.register_cents! || (a.supplier_id < b.supplier_id ? -1 : 1));
    if (registering.length === 0) continue;
    const markup = markups.get(tld) ?? markups.get(GLOBAL_MARKUP_TLD);
    const cost = (pick: (r: CostRow) => number | null) => group.map(pick).reduce(cheaper, null);
    const withMarkup = (cents: number | null) => (cents === null ? null : applyMarkup(cents, markup));
    const costs = group.map((r) => supplierCosts(r.supplier_id, r, yearsOf.get(`${r.supplier_id} ${tld}`) ?? []));
    prices.set(tld, {
      registerCents: applyMarkup(registering[0].register_cents!, markup),
      renewCents: withMarkup(cost((r) => r.renew_cents)),
      transferCents: withMarkup(cost((r) => r.transfer_cents)),
      currency: PORTAL_CURRENCY,
      supplierIds: registering.map((r) => r.supplier_id),
      registerTotals: cheapestTotals(costs.filter((c) => c.registerCents !== null), 'register', markup),
      renewTotals: cheapestTotals(costs, 'renew', markup),
    });
  }
  return prices;
}

/** A registration of `years` years of the TLD: its total price, null when no supplier offers that term. */
export async function registrationPrice(db: Db, tld: string, years: number): Promise<{ totalCents: number; currency: string } | null> {
  const price = (await sellPrices(db, { tld })).get(tld);
  const total = price?.registerTotals[years - 1] ?? null;
  return price && total !== null ? { totalCents: total, currency: price.currency } : null;
}

/**
 * What renewing a domain for `years` years costs the customer: its own supplier's renew cost for
 * that term (the renewal runs there, whatever another supplier charges) plus the markup. Null
 * when that supplier lists no USD cost for the TLD. A TLD not sold for its registrant fields still
 * renews: the domain already has them at its registry.
 */
export async function renewPriceFor(db: Db, supplierId: string, tld: string, years: number): Promise<{ totalCents: number; currency: string } | null> {
  const [found, markups] = await Promise.all([supplierCostsOf(db, supplierId, tld), listMarkups(db)]);
  if (!found) return null;
  const cost = costForYears(supplierCosts(supplierId, found.row, found.years), 'renew', years);
  if (cost === null) return null;
  return { totalCents: applyMarkupForYears(cost, markups.get(tld) ?? markups.get(GLOBAL_MARKUP_TLD), years), currency: PORTAL_CURRENCY };
}

/** renewPriceFor for every term of 1..10 years at once (one read): the renewal modal's choices. */
export async function renewTermPrices(db: Db, supplierId: string, tld: string): Promise<{ years: number; totalCents: number }[]> {
  const [found, markups] = await Promise.all([supplierCostsOf(db, supplierId, tld), listMarkups(db)]);
  if (!found) return [];
  const costs = supplierCosts(supplierId, found.row, found.years);
  const markup = markups.get(tld) ?? markups.get(GLOBAL_MARKUP_TLD);
  return Array.from({ length: MAX_TERM_YEARS }, (_, i) => i + 1).flatMap((years) => {
    const cost = costForYears(costs, 'renew', years);
    return cost === null ? [] : [{ years, totalCents: applyMarkupForYears(cost, markup, years) }];
  });
}

/** What `years` years of registration cost at one supplier (active or not); null where it does not offer it. */
export async function supplierRegisterCost(db: Db, supplierId: string, tld: string, years: number): Promise<number | null> {
  const found = await supplierCostsOf(db, supplierId, tld);
  return found ? costForYears(supplierCosts(supplierId, found.row, found.years), 'register', years) : null;
}

/** What `years` years of renewal cost at one supplier; null where it does not offer it. */
export async function supplierRenewCost(db: Db, supplierId: string, tld: string, years: number): Promise<number | null> {
  const found = await supplierCostsOf(db, supplierId, tld);
  return found ? costForYears(supplierCosts(supplierId, found.row, found.years), 'renew', years) : null;
}
