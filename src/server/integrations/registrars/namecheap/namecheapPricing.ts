import type { TldCost, YearCosts } from '../registrar.ts';
import { attr, children, toCents, type XmlNode } from './namecheapXml.ts';

const fields = { register: 'registerCents', renew: 'renewCents', transfer: 'transferCents' } as const;
const MAX_YEARS = 10;

interface Row { years: number; cents: number; currency: string }

/**
 * One Duration row's amount with its fee: Price, then YourPrice, then RegularPrice (some rows
 * carry Price 0 or empty), plus the matching AdditionalCost (the ICANN fee), which Namecheap
 * charges on top and which the row's price leaves out.
 */
function rowOf(price: XmlNode): Row | null {
  const years = Number(attr(price, 'Duration'));
  if (!Number.isInteger(years) || years < 1 || years > MAX_YEARS) return null;
  if ((attr(price, 'DurationType') ?? 'YEAR').toUpperCase() !== 'YEAR') return null;
  for (const [name, fee] of [['Price', 'AdditionalCost'], ['YourPrice', 'YourAdditionalCost'], ['RegularPrice', 'RegularAdditionalCost']]) {
    const cents = toCents(attr(price, name));
    if (!cents) continue;
    // The documented spelling of the account's fee has a typo; either may come.
    const feeCents = toCents(attr(price, fee)) ?? (name === 'YourPrice' ? toCents(attr(price, 'YourAdditonalCost')) : null) ?? toCents(attr(price, 'AdditionalCost')) ?? 0;
    return { years, cents: cents + feeCents, currency: (attr(price, 'Currency') ?? 'USD').toUpperCase() };
  }
  return null;
}

/**
 * The total for a Duration row. Sources disagree whether a row's Price is per year (the review's
 * fixture: Duration 2 at 10.88 a year) or for the whole duration (other clients' fixtures: 17.76
 * for 2 years), so the reading closer to "one year's register price plus renewals" wins: it is
 * the one a registrar's list can plausibly mean, and a wrong per-year reading overprices rather
 * than sells below cost.
 */
function totalOf(row: Row, oneYear: number | null, renewPerYear: number | null): number {
  if (row.years === 1) return row.cents;
  const perYearReading = row.cents * row.years;
  const expected = (oneYear ?? row.cents) + (row.years - 1) * (renewPerYear ?? oneYear ?? row.cents);
  const distance = (total: number) => Math.abs(Math.log(total / expected));
  return distance(row.cents) < distance(perYearReading) ? row.cents : perYearReading;
}

/**
 * users.getPricing's tree: ProductType > ProductCategory (the action) > Product (the TLD) > Price.
 * Names are compared in lower case: the docs write 'DOMAIN'/'REGISTER', the live API 'domains'/'register'.
 * The one-year row gives the TLD's cost per year; the Duration 1..10 rows of register and renew
 * give the multi-year totals.
 */
export function tldCostsFrom(response: XmlNode): TldCost[] {
  const rowsOf = new Map<string, Partial<Record<keyof typeof fields, Row[]>>>();
  const types = children(children(response, 'UserGetPricingResult')[0], 'ProductType')
    .filter((type) => (attr(type, 'Name') ?? '').toLowerCase().startsWith('domain'));
  for (const category of types.flatMap((type) => children(type, 'ProductCategory'))) {
    const operation = (attr(category, 'Name') ?? '').toLowerCase();
    if (!(operation in fields)) continue;
    for (const product of children(category, 'Product')) {
      const tld = (attr(product, 'Name') ?? '').toLowerCase().replace(/^\./, '');
      const rows = children(product, 'Price').map(rowOf).filter((row): row is Row => row !== null);
      if (!tld || rows.length === 0) continue;
      const entry = rowsOf.get(tld) ?? {};
      entry[operation as keyof typeof fields] = rows;
      rowsOf.set(tld, entry);
    }
  }
  const costs: TldCost[] = [];
  for (const [tld, rows] of rowsOf) {
    const oneYear = (operation: keyof typeof fields) => rows[operation]?.find((row) => row.years === 1) ?? null;
    const currency = (oneYear('register') ?? oneYear('renew') ?? oneYear('transfer'))?.currency;
    if (!currency) continue;
    const register = oneYear('register')?.cents ?? null;
    const renew = oneYear('renew')?.cents ?? null;
    const totals = (operation: 'register' | 'renew', first: number | null): YearCosts | undefined => {
      const list = (rows[operation] ?? []).filter((row) => row.years > 1 && row.currency === currency);
      if (list.length === 0) return undefined;
      return Object.fromEntries(list.map((row) => [row.years, totalOf(row, first, renew)]));
    };
    const years = { register: totals('register', register), renew: totals('renew', renew) };
    costs.push({
      tld, registerCents: register, renewCents: renew, transferCents: oneYear('transfer')?.cents ?? null, currency,
      ...(years.register || years.renew ? { years } : {}),
    });
  }
  return costs.sort((a, b) => a.tld.localeCompare(b.tld));
}
