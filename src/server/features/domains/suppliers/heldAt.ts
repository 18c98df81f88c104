import type { Db } from '../../../db/transaction.ts';

/** Where we hold a domain and until when, for the order desk's retry at a named registrar. */
export async function whereDomainIsHeld(db: Db, name: string): Promise<{ supplierId: string | null; expiresAt: string | null } | undefined> {
  const row = await db.selectFrom('domains').select(['supplier_id', 'expiration_date']).where('name', '=', name).executeTakeFirst();
  return row && { supplierId: row.supplier_id, expiresAt: row.expiration_date };
}
