/** The catalogue's public face: what the back office's product desk may call. */
export { operatorCatalog, savePrice, saveProduct } from './service.ts';
export { syncCatalog } from './syncCatalog.ts';
