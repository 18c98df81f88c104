import type { PanelKind } from '../../../../common/hosting/panels.ts';
import type { Db } from '../../../db/transaction.ts';
import { findProduct } from '../../catalog/index.ts';
import { mappedProducts } from './repository.ts';

export interface ImportProduct { id: string; name: string; package: string }

/** The products mapped to this kind of panel, named as the catalogue names them (a handful: read one by one). */
export async function productsOfPanel(db: Db, panel: PanelKind): Promise<ImportProduct[]> {
  const products: ImportProduct[] = [];
  for (const mapping of await mappedProducts(db, panel)) {
    const product = await findProduct(db, mapping.productId);
    if (product) products.push({ id: product.id, name: product.name, package: mapping.package });
  }
  return products.sort((a, b) => a.name.localeCompare(b.name));
}
