import type { DefaultedTimestamp, DefaultedBool, Epoch } from './columns.ts';
import type { Generated } from 'kysely';
import type { PriceInterval } from '../../../common/billing/billing.ts';

export interface ProductsTable {
  id: string;
  provider_product_id: string | null;
  name: string;
  description: Generated<string>;
  category: string | null;
  popular: DefaultedBool;
  /** JSON array of marketing feature names. */
  features: Generated<string>;
  active: DefaultedBool;
  provider_updated: Epoch | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface PricesTable {
  id: string;
  product_id: string;
  provider_price_id: string | null;
  /** In cents (spec section 9). */
  unit_amount: number;
  currency: Generated<string>;
  /** null for a one-off price. */
  interval: PriceInterval | null;
  active: DefaultedBool;
  provider_updated: Epoch | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

/** The catalog tables, owned by features/catalog (tools/eslint/tableOwners.js). */
export interface CatalogTables {
  products: ProductsTable;
  prices: PricesTable;
}
