import type { Updateable } from 'kysely';
import { accountName } from '../../access/fragments.ts';
import type { Dialect } from '../../db/connection.ts';
import type { DomainsTable } from '../../db/schema.ts';
import type { Db } from '../../db/transaction.ts';
import type { DomainRow } from './records.ts';

/**
 * The back office's reads and writes of one domain record (the detail page, verification and
 * corrections). Only this area queries `domains`; the back office composes the rules.
 */

export interface OperatorDomainRow extends DomainRow {
  supplier_name: string | null;
  account_name: string | null;
}

/** Any domain, assigned or not, with its supplier's and its account's names. */
export async function findOperatorDomain(db: Db, name: string): Promise<OperatorDomainRow | undefined> {
  return db.selectFrom('domains as d').selectAll('d')
    .select((eb) => [
      eb.selectFrom('domain_suppliers as s').select('s.name').whereRef('s.id', '=', 'd.supplier_id').$asScalar().as('supplier_name'),
      accountName(eb, eb.ref('d.account_id')).as('account_name'),
    ])
    .where('d.name', '=', name).executeTakeFirst() as Promise<OperatorDomainRow | undefined>;
}

export async function findOperatorDomains(db: Db, names: string[]): Promise<OperatorDomainRow[]> {
  if (names.length === 0) return [];
  return db.selectFrom('domains as d').selectAll('d')
    .select((eb) => [
      eb.selectFrom('domain_suppliers as s').select('s.name').whereRef('s.id', '=', 'd.supplier_id').$asScalar().as('supplier_name'),
      accountName(eb, eb.ref('d.account_id')).as('account_name'),
    ])
    .where('d.name', 'in', names).execute() as Promise<OperatorDomainRow[]>;
}

/** Every supplier, for the registrar select (the page adds Manually Managed). */
export async function supplierChoices(db: Db): Promise<{ id: string; name: string; isActive: boolean }[]> {
  const rows = await db.selectFrom('domain_suppliers').select(['id', 'name', 'is_active']).orderBy('name').execute();
  return rows.map((row) => ({ id: row.id, name: row.name, isActive: Boolean(row.is_active) }));
}

/** The columns an operator corrects by hand; the name, owner and settings kept at the registrar stay out. */
export type OperatorDomainChanges = Pick<Updateable<DomainsTable>,
  'supplier_id' | 'management_mode' | 'registration_date' | 'registry_updated_at' | 'expiration_date' | 'status' | 'notes' | 'contacts' | 'nameservers'>;

/** Holds the row until the caller's transaction ends (PostgreSQL; SQLite's one writer already does). */
export async function lockDomain(db: Db, dialect: Dialect, name: string): Promise<void> {
  if (dialect === 'postgres') await db.selectFrom('domains').select('id').where('name', '=', name).forUpdate().execute();
}

export async function correctDomainRecord(db: Db, id: string, changes: OperatorDomainChanges, now: string): Promise<void> {
  await db.updateTable('domains').set({ ...changes, updated_at: now }).where('id', '=', id).execute();
}

/** Writes what the registrar now holds (contacts, nameservers) after it accepted them, whatever else changed meanwhile. */
export async function storeDomainSettings(db: Db, id: string, changes: Pick<OperatorDomainChanges, 'contacts' | 'nameservers'>, now: string): Promise<void> {
  await db.updateTable('domains').set({ ...changes, updated_at: now }).where('id', '=', id).execute();
}

export async function markDomainVerified(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('domains').set({ last_verified_at: at }).where('id', '=', id).execute();
}

export async function supplierExists(db: Db, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('domain_suppliers').select('id').where('id', '=', id).executeTakeFirst());
}
