import type { Db } from '../../../db/transaction.ts';
import { activeSupplierCosts, GLOBAL_MARKUP_TLD, listMarkups, type Markup, PORTAL_CURRENCY } from './tldPricesRepository.ts';

export type { Markup } from './tldPricesRepository.ts';

/** What we charge per year for one TLD, in cents. */
export interface SellPrice {
  registerCents: number;
  renewCents: number | null;
  transferCents: number | null;
  currency: string;
  /** The active suppliers that register it, cheapest register cost first (ties by id): the order to try them in. */
  supplierIds: string[];
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

interface CostRow {
  tld: string;
  supplier_id: string;
  register_cents: number | null;
  renew_cents: number | null;
  transfer_cents: number | null;
}

const cheaper = (a: number | null, b: number | null) => (b === null ? a : a === null ? b : Math.min(a, b));

/**
 * Our price per TLD: for each operation the cheapest active supplier's cost, plus the TLD's own
 * markup or else the global one. TLDs no active supplier registers are left out.
 */
export async function sellPrices(db: Db): Promise<Map<string, SellPrice>> {
  const [rows, markups] = await Promise.all([activeSupplierCosts(db), listMarkups(db)]);
  const byTld = new Map<string, CostRow[]>();
  for (const row of rows) {
    const group = byTld.get(row.tld);
    if (group) group.push(row);
    else byTld.set(row.tld, [row]);
  }
  const prices = new Map<string, SellPrice>();
  for (const [tld, group] of [...byTld].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const registering = group.filter((r) => r.register_cents !== null)
      .sort((a, b) => a.register_cents! - b.register_cents! || (a.supplier_id < b.supplier_id ? -1 : 1));
    if (registering.length === 0) continue;
    const markup = markups.get(tld) ?? markups.get(GLOBAL_MARKUP_TLD);
    const cost = (pick: (r: CostRow) => number | null) => group.map(pick).reduce(cheaper, null);
    const withMarkup = (cents: number | null) => (cents === null ? null : applyMarkup(cents, markup));
    prices.set(tld, {
      registerCents: applyMarkup(registering[0].register_cents!, markup),
      renewCents: withMarkup(cost((r) => r.renew_cents)),
      transferCents: withMarkup(cost((r) => r.transfer_cents)),
      currency: PORTAL_CURRENCY,
      supplierIds: registering.map((r) => r.supplier_id),
    });
  }
  return prices;
}
