import type { Insertable } from 'kysely';
import type { PanelKind } from '../../../../common/hosting/panels.ts';
import type { HostingServicesTable, HostingServiceStatus } from '../../../db/tables/hosting.ts';
import type { Db } from '../../../db/transaction.ts';

/** Usernames per statement: far below both dialects' parameter limits. */
const NAMES_PER_QUERY = 500;

/** The portal's services on the server by username, terminated ones too (they keep the username: one row per server and username). */
export async function servicesByUsername(db: Db, serverId: string, usernames: readonly string[]): Promise<Map<string, { id: string; status: HostingServiceStatus }>> {
  const found = new Map<string, { id: string; status: HostingServiceStatus }>();
  for (let i = 0; i < usernames.length; i += NAMES_PER_QUERY) {
    const rows = await db.selectFrom('hosting_services').select(['id', 'username', 'status'])
      .where('server_id', '=', serverId).where('username', 'in', usernames.slice(i, i + NAMES_PER_QUERY)).execute();
    for (const row of rows) found.set(row.username!, { id: row.id, status: row.status });
  }
  return found;
}

/** The products that provision on this kind of panel, with the package each gives. */
export async function mappedProducts(db: Db, panel: PanelKind): Promise<{ productId: string; package: string }[]> {
  const rows = await db.selectFrom('hosting_products').select(['product_id', 'package']).where('panel', '=', panel).orderBy('product_id').execute();
  return rows.map((row) => ({ productId: row.product_id, package: row.package }));
}

/** Rows per statement: 500 services of 20 columns would pass SQLite's parameter limit in one. */
const ROWS_PER_INSERT = 100;

/**
 * Writes the rows, leaving out any whose server and username another import wrote meanwhile (the
 * unique index decides, on both dialects); answers the ids written.
 */
export async function insertImportedServices(db: Db, rows: Insertable<HostingServicesTable>[]): Promise<Set<string>> {
  const written = new Set<string>();
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const inserted = await db.insertInto('hosting_services').values(rows.slice(i, i + ROWS_PER_INSERT))
      .onConflict((oc) => oc.columns(['server_id', 'username']).doNothing()).returning('id').execute();
    for (const row of inserted) written.add(row.id);
  }
  return written;
}
