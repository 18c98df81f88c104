/**
 * Plans, prices, subscriptions and invoices: the values and the display rules of the spec
 * (customer portal, section 9) that the server's ordering and the pages share.
 */

export const PRICE_INTERVALS = ['month', 'year'] as const;
/** A recurring price's interval; a one-off price has none (null). */
export type PriceInterval = (typeof PRICE_INTERVALS)[number];

/** Stripe's subscription states (API 2026-10-28); the test-mode provider uses the same words. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const CHECKOUT_MODES = ['subscription', 'payment'] as const;
export type CheckoutMode = (typeof CHECKOUT_MODES)[number];

export const CHECKOUT_STATUSES = ['open', 'complete', 'expired'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** Checkout waits this long for the session's url before giving up (spec section 9). */
export const CHECKOUT_TIMEOUT_MS = 60_000;

/** The group of products without a category (spec section 9). */
export const OTHER_SERVICES = 'Other Services';
/** The category /services/hosting shows. */
export const HOSTING_CATEGORY = 'Hosting';

export const CURRENCY_DEFAULT = 'USD';

/** The test-mode provider's cards (the same numbers Stripe's test mode uses). */
export const TEST_CARD_SUCCEEDS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';

export const INVOICES_PAGE_SIZE = 20;
export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_DESCRIPTION_MAX = 2_000;
export const PRODUCT_FEATURES_MAX = 20;
export const PRODUCT_FEATURE_MAX = 200;
export const CATEGORY_MAX = 60;
/** Unit amounts in cents: up to $1,000,000.00. */
export const UNIT_AMOUNT_MAX = 100_000_000;

export interface PriceLike {
  unitAmount: number;
  currency: string;
  interval: PriceInterval | null;
}

/**
 * '$12.00/mo', '$120.00/yr'. The spec puts '/yr' on every interval but the month; a one-off
 * price (which the spec's catalogue never had) shows no suffix, since it does not recur
 * (docs/decisions.md).
 */
export function formatPrice(price: PriceLike): string {
  const suffix = price.interval === 'month' ? '/mo' : price.interval === null ? '' : '/yr';
  return `${formatAmount(price.unitAmount, price.currency)}${suffix}`;
}

/** Cents as the currency with 2 decimals: '$12.00' for USD, else '12.00 EUR'. */
export function formatAmount(amountCents: number, currency: string = CURRENCY_DEFAULT): string {
  const amount = (amountCents / 100).toFixed(2);
  return currency.toUpperCase() === 'USD' ? `$${amount}` : `${amount} ${currency.toUpperCase()}`;
}

const intervalRank = (interval: PriceInterval | null) => (interval === 'month' ? 0 : interval === 'year' ? 1 : 2);

/** Month first, then year, then others; then by amount. The first is the one a card shows. */
export function comparePrices(a: PriceLike, b: PriceLike): number {
  return intervalRank(a.interval) - intervalRank(b.interval) || a.unitAmount - b.unitAmount;
}

export interface ProductLike {
  name: string;
  category: string | null;
}

/** A product's group on /services: its category, or 'Other Services'. */
export function categoryOf(product: ProductLike): string {
  const category = product.category?.trim();
  return category ? category : OTHER_SERVICES;
}

/** Categories alphabetically, then products by name within a category. */
export function compareProducts(a: ProductLike, b: ProductLike): number {
  return categoryOf(a).localeCompare(categoryOf(b), 'en') || a.name.localeCompare(b.name, 'en');
}

/** The products in display groups, in the spec's order; products without a price are left out. */
export function groupByCategory<P extends ProductLike & { prices: readonly unknown[] }>(products: readonly P[]): { category: string; products: P[] }[] {
  const groups = new Map<string, P[]>();
  for (const product of [...products].filter((p) => p.prices.length > 0).sort(compareProducts)) {
    const key = categoryOf(product);
    groups.set(key, [...(groups.get(key) ?? []), product]);
  }
  return [...groups].map(([category, list]) => ({ category, products: list }));
}
