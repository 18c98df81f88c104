import type { TldCost } from '../registrar.ts';
import { attr, children, toCents, type XmlNode } from './namecheapXml.ts';

const fields = { register: 'registerCents', renew: 'renewCents', transfer: 'transferCents' } as const;

/** A one-year row's price; some rows carry Price 0 or empty, so YourPrice then RegularPrice stand in. */
function oneYearCents(product: XmlNode): { cents: number; currency: string } | null {
  const row = children(product, 'Price').find((price) =>
    Number(attr(price, 'Duration')) === 1 && (attr(price, 'DurationType') ?? 'YEAR').toUpperCase() === 'YEAR');
  if (!row) return null;
  for (const name of ['Price', 'YourPrice', 'RegularPrice']) {
    const cents = toCents(attr(row, name));
    if (cents) return { cents, currency: (attr(row, 'Currency') ?? 'USD').toUpperCase() };
  }
  return null;
}

/**
 * users.getPricing's tree: ProductType > ProductCategory (the action) > Product (the TLD) > Price.
 * Names are compared in lower case: the docs write 'DOMAIN'/'REGISTER', the live API 'domains'/'register'.
 */
export function tldCostsFrom(response: XmlNode): TldCost[] {
  const costs = new Map<string, TldCost>();
  const types = children(children(response, 'UserGetPricingResult')[0], 'ProductType')
    .filter((type) => (attr(type, 'Name') ?? '').toLowerCase().startsWith('domain'));
  for (const category of types.flatMap((type) => children(type, 'ProductCategory'))) {
    const operation = (attr(category, 'Name') ?? '').toLowerCase();
    if (!(operation in fields)) continue;
    for (const product of children(category, 'Product')) {
      const tld = (attr(product, 'Name') ?? '').toLowerCase().replace(/^\./, '');
      const price = oneYearCents(product);
      if (!tld || !price) continue;
      const cost = costs.get(tld) ?? { tld, registerCents: null, renewCents: null, transferCents: null, currency: price.currency };
      cost[fields[operation as keyof typeof fields]] = price.cents;
      costs.set(tld, cost);
    }
  }
  return [...costs.values()].sort((a, b) => a.tld.localeCompare(b.tld));
}
