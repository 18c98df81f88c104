/** The catalogue's public face: what the back office's product desk, billing and test mode's provider may call. */
export { findCataloguedPrice, findPriceById, findProduct, findSellablePrice } from './repository.ts';
export type { CataloguedPrice } from './repository.ts';
export { operatorCatalog, savePrice, saveProduct } from './service.ts';
export { syncCatalog } from './syncCatalog.ts';
export { testModeCatalog } from './testModeCatalog.ts';
