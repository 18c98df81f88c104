import { z } from 'zod';
import {
  CATEGORY_MAX, PRICE_INTERVALS, PRODUCT_DESCRIPTION_MAX, PRODUCT_FEATURE_MAX, PRODUCT_FEATURES_MAX, PRODUCT_NAME_MAX, UNIT_AMOUNT_MAX,
} from '../billing/billing.ts';
import { allow, defineContract } from '../protocol.ts';
import { asObject, empty, id, isoDate } from '../contracts/shared.ts';
import { HOSTING_ORDER_FIELDS } from '../hosting/orderFields.ts';

export const PRODUCT_NOT_FOUND = 'Product not found.';
export const PRICE_NOT_FOUND = 'Price not found.';
export const PRICE_TERMS_FIXED = 'A price cannot change its amount, currency or interval; add a new price and deactivate this one.';
export const PRODUCT_NOT_AT_PROVIDER = 'This product is not known to the payment provider yet: save the product first, then add its prices.';
export const NOTHING_TO_SYNC = 'Test mode: the catalogue is kept in the portal; there is nothing to synchronise.';
/** The sync's summary in Stripe mode. */
export const syncedFromStripe = (products: number, prices: number) =>
  `Synchronised ${products} ${products === 1 ? 'product' : 'products'} and ${prices} ${prices === 1 ? 'price' : 'prices'} from Stripe.`;

export const PAYMENT_MODES = ['stripe', 'test'] as const;
export const paymentMode = z.enum(PAYMENT_MODES);

const interval = z.enum(PRICE_INTERVALS, { error: 'Interval must be month, year or none.' }).nullable();

export const catalogPrice = z.object({
  id: z.string(),
  unitAmount: z.number().int(),
  currency: z.string(),
  interval: z.enum(PRICE_INTERVALS).nullable(),
});
export type CatalogPrice = z.infer<typeof catalogPrice>;

export const catalogProduct = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string().nullable(),
  popular: z.boolean(),
  features: z.array(z.string()),
  /** Active prices, month first, then year, then one-off; each by amount. */
  prices: z.array(catalogPrice),
  /** What the checkout must ask for, for a plan that provisions hosting (the primary domain); empty otherwise. */
  orderFields: z.array(z.enum(HOSTING_ORDER_FIELDS)),
});
export type CatalogProduct = z.infer<typeof catalogProduct>;

export const listProducts = defineContract({
  name: 'listProducts',
  summary: 'Active products with their active prices, categories alphabetically and products by name; products without a price left out.',
  access: 'public',
  kind: 'read',
  permissions: allow.everyone,
  input: z.object({
    category: z.string({ error: 'Category is not valid.' }).trim().min(1, 'Category is not valid.').max(CATEGORY_MAX, 'Category is not valid.').optional(),
  }, asObject).strict().optional().default({}),
  output: z.object({ products: z.array(catalogProduct) }),
});

export const adminPrice = catalogPrice.extend({
  productId: z.string(),
  active: z.boolean(),
  providerPriceId: z.string().nullable(),
  /** Subscriptions that use it: such a price keeps its amount, currency and interval. */
  subscriptionCount: z.number().int(),
  updatedAt: isoDate,
});
export type AdminPrice = z.infer<typeof adminPrice>;

export const adminProduct = catalogProduct.omit({ prices: true, orderFields: true }).extend({
  active: z.boolean(),
  providerProductId: z.string().nullable(),
  prices: z.array(adminPrice),
  updatedAt: isoDate,
});
export type AdminProduct = z.infer<typeof adminProduct>;

export const adminListProducts = defineContract({
  name: 'adminListProducts',
  summary: 'Every product and price, active or not, for operators; with the payment mode the catalogue follows.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: empty,
  output: z.object({ mode: paymentMode, products: z.array(adminProduct) }),
});

const flag = (what: string) => z.boolean({ error: `${what} must be true or false.` });

const text = (what: string, max: number) =>
  z.string({ error: `${what} is required.` }).trim().max(max, `${what} must be at most ${max} characters.`);

export const adminSaveProduct = defineContract({
  name: 'adminSaveProduct',
  summary: 'Creates a product, or edits one (with id). In Stripe mode the change is made in Stripe too.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    id: id('Product ID').optional(),
    name: text('Name', PRODUCT_NAME_MAX).min(1, 'Name is required.'),
    description: text('Description', PRODUCT_DESCRIPTION_MAX).default(''),
    category: text('Category', CATEGORY_MAX).nullable().default(null).transform((c) => (c ? c : null)),
    popular: flag('Popular').default(false),
    features: z.array(text('A feature', PRODUCT_FEATURE_MAX).min(1, 'A feature cannot be empty.'), { error: 'Features must be a list of texts.' })
      .max(PRODUCT_FEATURES_MAX, `At most ${PRODUCT_FEATURES_MAX} features.`).default([]),
    active: flag('Active').default(true),
  }, asObject).strict(),
  output: z.object({ product: adminProduct }),
});

export const adminSavePrice = defineContract({
  name: 'adminSavePrice',
  summary: 'Adds a price to a product, or activates or deactivates one (a price never changes its amount, currency or interval).',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    id: id('Price ID').optional(),
    productId: id('Product ID'),
    unitAmount: z.number({ error: 'Amount must be a whole number of cents.' }).int('Amount must be a whole number of cents.')
      .min(0, 'Amount cannot be negative.').max(UNIT_AMOUNT_MAX, 'Amount is too large.'),
    currency: z.string({ error: 'Currency is required.' }).trim().regex(/^[A-Za-z]{3}$/, 'Currency must be a three-letter code such as USD.')
      .transform((c) => c.toUpperCase()),
    interval,
    active: flag('Active').default(true),
  }, asObject).strict(),
  output: z.object({ price: adminPrice }),
});

export const syncPaymentCatalog = defineContract({
  name: 'syncPaymentCatalog',
  summary: 'Stripe mode: reads every product and price from Stripe and brings the catalogue in line. Test mode: the catalogue is kept here; reports its size.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: empty,
  output: z.object({ mode: paymentMode, products: z.number().int(), prices: z.number().int(), message: z.string() }),
});
