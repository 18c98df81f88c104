import { MANUAL_REGISTRAR, type ManagedDomain } from '../../../../common/admin/domainDetail/contract.ts';
import { toContactsView } from '../../../../common/domains/contacts.ts';
import { type OperatorDomainRow, parseContacts, parseNameservers } from '../../domains/index.ts';

/** Our record of a domain as the back office shows it (spec §3 "Managed domain"); row types stay here. */
export function toManagedDomain(row: OperatorDomainRow): ManagedDomain {
  const contacts = parseContacts(row.contacts);
  return {
    id: row.id, domain: row.name, accountId: row.account_id, accountName: row.account_name,
    registrar: row.supplier_id ?? MANUAL_REGISTRAR, registrarName: row.supplier_id ? row.supplier_name ?? row.supplier_id : null,
    // A domain without a supplier is manual whatever the column says (the spec's rule).
    managementMode: row.supplier_id ? row.management_mode : 'manual',
    status: row.status, registrationDate: row.registration_date, updatedDate: row.registry_updated_at, expiryAt: row.expiration_date,
    autoRenewEnabled: Boolean(row.auto_renew), locked: Boolean(row.locked), privacyEnabled: Boolean(row.privacy),
    nameservers: parseNameservers(row.nameservers), notes: row.notes, contacts: contacts ? toContactsView(contacts) : null,
    lastVerifiedAt: row.last_verified_at, lastSyncedAt: row.last_synced_at, createdAt: row.created_at, recordUpdatedAt: row.updated_at,
  };
}
