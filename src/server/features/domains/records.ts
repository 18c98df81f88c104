import type { DomainDetail, DomainListItem } from '../../../common/domains/managementContract.ts';
import { toContactsView } from '../../../common/domains/contacts.ts';
import type { DomainsTable, ManagementMode } from '../../db/schema.ts';
import type { DomainStatus } from '../../../common/domains/domains.ts';
import type { Db } from '../../db/transaction.ts';
import type { DomainContacts } from '../../integrations/registrars/registrar.ts';
import type { Selectable } from 'kysely';

/**
 * The `domains` table's rows and the views the pages read. Every area that writes a domain (the
 * registration job, Sync, the management functions, the back office later) goes through here.
 */
export type DomainRow = Selectable<DomainsTable>;

/** A domain that belongs to an account; an unassigned one (back office) is no customer's. */
export type AccountDomainRow = DomainRow & { account_id: string };

export const parseNameservers = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
};

export const parseContacts = (json: string | null): DomainContacts | null => (json ? JSON.parse(json) as DomainContacts : null);

/** Stored contacts (registrar-shaped) answered in both shapes. */
function viewOfContacts(contacts: DomainContacts | null) {
  return contacts ? toContactsView(contacts) : null;
}

export function toListItem(row: Pick<DomainRow, 'id' | 'name' | 'status' | 'registration_date' | 'expiration_date' | 'auto_renew'>): DomainListItem {
  return {
    id: row.id, domain: row.name, status: row.status,
    registrationDate: row.registration_date, expirationDate: row.expiration_date, autoRenew: row.auto_renew,
  };
}

export function toDetail(row: AccountDomainRow, supplierName: string | null): DomainDetail {
  return {
    id: row.id, domain: row.name, accountId: row.account_id, status: row.status,
    registrationDate: row.registration_date, expirationDate: row.expiration_date,
    autoRenewEnabled: row.auto_renew, locked: row.locked, privacyEnabled: row.privacy,
    contacts: viewOfContacts(parseContacts(row.contacts)), nameservers: parseNameservers(row.nameservers), registrar: supplierName,
    updatedDate: row.updated_at, lastSyncedAt: row.last_synced_at, notes: row.notes, createdAt: row.created_at,
  };
}

export async function findDomainByName(db: Db, name: string): Promise<DomainRow | undefined> {
  return db.selectFrom('domains').selectAll().where('name', '=', name).executeTakeFirst();
}

/** The domain with its supplier's display name, for the detail view. */
export async function findDomainWithSupplier(db: Db, name: string) {
  const row = await findDomainByName(db, name);
  if (!row) return undefined;
  const supplier = row.supplier_id
    ? await db.selectFrom('domain_suppliers').select('name').where('id', '=', row.supplier_id).executeTakeFirst()
    : undefined;
  return { row, supplierName: supplier?.name ?? null };
}

export interface NewDomain {
  id: string;
  /** Null: unassigned (imported or synced, awaiting bulk mapping). */
  accountId: string | null;
  name: string;
  tld: string;
  supplierId: string | null;
  /** Defaults to 'api' at a supplier and 'manual' without one; a supplier-less domain is always manual. */
  managementMode?: ManagementMode;
  status?: DomainStatus;
  registrationId: string | null;
  registrationDate: string | null;
  expirationDate: string | null;
  notes?: string | null;
  autoRenew: boolean;
  privacy: boolean;
  locked: boolean;
  nameservers: string[];
  contacts: DomainContacts | null;
  now: string;
}

export async function insertDomain(db: Db, domain: NewDomain): Promise<void> {
  await db.insertInto('domains').values({
    id: domain.id, account_id: domain.accountId, name: domain.name, tld: domain.tld, status: domain.status ?? 'active', supplier_id: domain.supplierId,
    management_mode: domain.supplierId ? domain.managementMode ?? 'api' : 'manual', notes: domain.notes ?? null,
    registration_id: domain.registrationId, registration_date: domain.registrationDate, expiration_date: domain.expirationDate,
    auto_renew: domain.autoRenew, privacy: domain.privacy, locked: domain.locked,
    nameservers: JSON.stringify(domain.nameservers), contacts: domain.contacts ? JSON.stringify(domain.contacts) : null,
    created_at: domain.now, updated_at: domain.now,
  }).execute();
}
