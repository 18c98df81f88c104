import type { Updateable } from 'kysely';
import type { DomainsTable } from '../../../db/schema.ts';
import type { Db } from '../../../db/transaction.ts';
import type { DomainRow } from '../records.ts';

/** The columns the management functions and Sync change; the owner, name and supplier never change here. */
export type DomainChanges = Pick<Updateable<DomainsTable>,
  'status' | 'registration_date' | 'expiration_date' | 'auto_renew' | 'locked' | 'privacy' | 'nameservers' | 'contacts' | 'last_synced_at' | 'updated_at'>;

export async function updateDomain(db: Db, id: string, changes: DomainChanges): Promise<void> {
  await db.updateTable('domains').set(changes).where('id', '=', id).execute();
}

export async function findDomainsByNames(db: Db, names: string[]): Promise<DomainRow[]> {
  if (names.length === 0) return [];
  return db.selectFrom('domains').selectAll().where('name', 'in', names).execute();
}
