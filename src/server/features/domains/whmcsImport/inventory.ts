import { randomBytes } from 'node:crypto';
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
  /** What an update would change, so an unchanged domain is not written again. */
  stored: { status: DomainStatus; registrationDate: string | null; expirationDate: string | null; autoRenew: boolean; privacy: boolean; notes: string | null };
}

export async function domainsHeld(db: Db, names: readonly string[]): Promise<Map<string, HeldDomain>> {
  const held = new Map<string, HeldDomain>();
  for (let i = 0; i < names.length; i += NAMES_PER_QUERY) {
    const rows = await db.selectFrom('domains')
      .select(['name', 'account_id', 'supplier_id', 'management_mode', 'status', 'registration_date', 'expiration_date', 'auto_renew', 'privacy', 'notes'])
      .where('name', 'in', names.slice(i, i + NAMES_PER_QUERY)).execute();
    for (const row of rows) {
      held.set(row.name, {
        accountId: row.account_id, supplierId: row.supplier_id, managementMode: row.management_mode,
        stored: {
          status: row.status, registrationDate: row.registration_date, expirationDate: row.expiration_date,
          autoRenew: Boolean(row.auto_renew), privacy: Boolean(row.privacy), notes: row.notes,
        },
      });
    }
  }
  return held;
}

/** Whether writing the file's fields (and the account, for a move) would change the held domain at all. */
export function wouldChange(held: HeldDomain, domain: ImportedDomainFields, accountId?: string): boolean {
  const s = held.stored;
  const sameTime = (ours: string | null, theirs: string | null) => theirs === null || (ours !== null && new Date(ours).getTime() === new Date(theirs).getTime());
  const supplierSame = domain.supplierId === undefined
    || (domain.supplierId === held.supplierId && (domain.supplierId ? domain.managementMode : 'manual') === held.managementMode);
  return !(s.status === domain.status && (accountId === undefined || accountId === held.accountId) && supplierSame
    && sameTime(s.registrationDate, domain.registrationDate) && sameTime(s.expirationDate, domain.expirationDate)
    && (domain.autoRenew === null || domain.autoRenew === s.autoRenew) && (domain.privacy === null || domain.privacy === s.privacy)
    && (domain.notes === null || domain.notes === s.notes));
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

let lastMs = 0;
let sequence = 0;

/**
 * A UUIDv7 (RFC 9562: 48-bit milliseconds, then a 12-bit counter, then random bits), ascending
 * within the process. Random UUIDs scatter 100,000 inserts over every page of the primary key
 * and of the indexes that end in the id: the bench measured 7 times the write time.
 */
export function timeOrderedUuid(now = Date.now()): string {
  if (now > lastMs) { lastMs = now; sequence = 0; } else if (++sequence > 0xfff) { lastMs += 1; sequence = 0; }
  const random = randomBytes(8);
  random[0] = (random[0]! & 0x3f) | 0x80;
  const hex = lastMs.toString(16).padStart(12, '0') + (0x7000 | sequence).toString(16) + random.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Rows per INSERT: 17 columns each stays under SQLite's 32,766 parameters. */
const ROWS_PER_INSERT = 500;

/** Creates the domains in multi-row inserts (one statement per ROWS_PER_INSERT), in the caller's transaction. */
export async function createImportedDomains(db: Db, domains: (ImportedDomainFields & { accountId: string | null })[], now: string): Promise<void> {
  for (let i = 0; i < domains.length; i += ROWS_PER_INSERT) {
    await db.insertInto('domains').values(domains.slice(i, i + ROWS_PER_INSERT).map((d) => {
      const supplierId = d.supplierId ?? null;
      return {
        id: `dom_${timeOrderedUuid()}`, account_id: d.accountId, name: d.name, tld: d.name.slice(d.name.indexOf('.') + 1), status: d.status,
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
