import * as catalog from '../../../common/catalog/contract.ts';
import { implement } from '../../rpc/registry.ts';
import { publicCatalog } from './service.ts';

// listProducts has no rule: the catalogue is the shop window, open to anyone signed in or not,
// and it shows only what is for sale (active products with active prices). Operators' functions: admin/products.
export const handlers = [
  implement(catalog.listProducts, async ({ category }, { services }) => ({ products: await publicCatalog(services.db, category ?? null) })),
];
