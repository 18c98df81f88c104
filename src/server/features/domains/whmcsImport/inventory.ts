import { randomUUID } from 'node:crypto';
import type { DomainStatus } from '../../../../common/domains/domains.ts';
import type { ManagementMode } from '../../../db/schema.ts';
import type { Db } from '../../../db/transaction.ts';

/**
 * The WHMCS import's reads and writes of the inventory (the domains table is this area's): which
 * names we hold and where, and one batch of creates and changes in the caller's transaction.
 */

/** Parameters per statement stay far below SQLite's and PostgreSQL's limits. */
const NAMES_PER_QUERY = 500;

export interface HeldDomain {
  accountId: string | null;
  supplierId: string | null;
  managementMode: ManagementMode;
}

export async function domainsHeld(db: Db, names: readonly string[]): Promise<Map<string, HeldDomain>> {
  const held = new Map<string, HeldDomain>();
  for (let i = 0; i < names.length; i += NAMES_PER_QUERY) {
    const rows = await db.selectFrom('domains').select(['name', 'account_id', 'supplier_id', 'management_mode'])
      .where('name', 'in', names.slice(i, i + NAMES_PER_QUERY)).execute();
    for (const row of rows) held.set(row.name, { accountId: row.account_id, supplierId: row.supplier_id, managementMode: row.management_mode });
  }
  return held;
}

export async function supplierIds(db: Db): Promise<Set<string>> {
  return new Set((await db.selectFrom('domain_suppliers').select('id').execute()).map((r) => r.id));
}

/** What a WHMCS row says about a domain; null fields are not in the file and leave ours as they are. */
export interface ImportedDomainFields {
  name: string;
  status: DomainStatus;
  /** Null: the spec's registrar 'manual'. Undefined: the file names no registrar (an existing domain keeps its own). */
  supplierId: string | null | undefined;
  managementMode: ManagementMode;
  registrationDate: string | null;
  expirationDate: string | null;
  autoRenew: boolean | null;
  privacy: boolean | null;
  notes: string | null;
}

/** Rows per INSERT: 17 columns each stays under SQLite's 32,766 parameters. */
const ROWS_PER_INSERT = 500;

/** Creates the domains in multi-row inserts (one statement per ROWS_PER_INSERT), in the caller's transaction. */
export async function createImportedDomains(db: Db, domains: (ImportedDomainFields & { accountId: string | null })[], now: string): Promise<void> {
  for (let i = 0; i < domains.length; i += ROWS_PER_INSERT) {
    await db.insertInto('domains').values(domains.slice(i, i + ROWS_PER_INSERT).map((d) => {
      const supplierId = d.supplierId ?? null;
      return {
        id: `dom_${randomUUID()}`, account_id: d.accountId, name: d.name, tld: d.name.slice(d.name.indexOf('.') + 1), status: d.status,
        supplier_id: supplierId, management_mode: supplierId ? d.managementMode : 'manual' as const, notes: d.notes,
        registration_id: null, registration_date: d.registrationDate, expiration_date: d.expirationDate,
        // An import never switches on a renewal charge nobody asked for: only WHMCS's explicit "renew" (donotrenew 0) does.
        auto_renew: d.autoRenew ?? false, privacy: d.privacy ?? false, locked: true, nameservers: '[]', contacts: null,
        created_at: now, updated_at: now,
      };
    })).execute();
  }
}

/** Changes an existing domain to what the file says; `accountId` given moves it. */
export async function updateImportedDomain(db: Db, domain: ImportedDomainFields & { accountId?: string }, now: string): Promise<void> {
  await db.updateTable('domains').set({
    status: domain.status,
    ...(domain.accountId !== undefined ? { account_id: domain.accountId } : {}),
    ...(domain.supplierId !== undefined
      ? { supplier_id: domain.supplierId, management_mode: domain.supplierId ? domain.managementMode : 'manual' as const } : {}),
    ...(domain.registrationDate !== null ? { registration_date: domain.registrationDate } : {}),
    ...(domain.expirationDate !== null ? { expiration_date: domain.expirationDate } : {}),
    ...(domain.autoRenew !== null ? { auto_renew: domain.autoRenew } : {}),
    ...(domain.privacy !== null ? { privacy: domain.privacy } : {}),
    ...(domain.notes !== null ? { notes: domain.notes } : {}),
    updated_at: now,
  }).where('name', '=', domain.name).execute();
}
