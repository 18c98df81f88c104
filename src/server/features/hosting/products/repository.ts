import type { Insertable, Selectable } from 'kysely';
import type { HostingProductsTable } from '../../../db/tables/hosting.ts';
import type { Db } from '../../../db/transaction.ts';

export type MappingRow = Selectable<HostingProductsTable> & { group_name: string };

export async function listMappingRows(db: Db, productId?: string): Promise<MappingRow[]> {
  let query = db.selectFrom('hosting_products').innerJoin('hosting_server_groups', 'hosting_server_groups.id', 'hosting_products.group_id')
    .selectAll('hosting_products').select('hosting_server_groups.name as group_name');
  if (productId) query = query.where('hosting_products.product_id', '=', productId);
  return query.orderBy('hosting_products.product_id').execute();
}

export async function upsertMapping(db: Db, row: Insertable<HostingProductsTable> & { created_at: string; updated_at: string }): Promise<void> {
  await db.insertInto('hosting_products').values(row).onConflict((oc) => oc.column('product_id').doUpdateSet({
    panel: row.panel, group_id: row.group_id, package: row.package, order_fields: row.order_fields, updated_at: row.updated_at,
  })).execute();
}

export async function deleteMapping(db: Db, productId: string): Promise<number> {
  const result = await db.deleteFrom('hosting_products').where('product_id', '=', productId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
