import type { DomainStatus } from '../../../../common/domains/domains.ts';
import type { DomainContact, DomainContacts, DomainInfo } from '../../../integrations/registrars/registrar.ts';
import type { DomainLookup } from '../../../integrations/whois/domainLookup.ts';
import { type DomainRow, parseContacts, parseNameservers } from '../records.ts';
import type { DomainChanges } from './repository.ts';

/**
 * What a Sync changes in our row, from what the supplier and the public registry (RDAP) said.
 * The supplier is the truth for everything it answers; RDAP fills in the dates and nameservers
 * when the supplier could not answer (or left them out). Auto-renew is ours and is never taken
 * from either: the registrar's own renewal is kept off on purpose (manageSettings.ts).
 */
export interface SyncPlan {
  columns: Omit<DomainChanges, 'last_synced_at' | 'updated_at'>;
  /** The detail's field names whose value changes. */
  changed: string[];
}

const CONTACT_FIELDS: (keyof DomainContact)[] = [
  'firstName', 'lastName', 'organization', 'email', 'phone', 'address1', 'address2', 'city', 'state', 'postalCode', 'country',
];
const ROLES = ['registrant', 'admin', 'tech', 'billing'] as const;

/** Contacts compared by value, whatever order their keys were stored in. */
function contactsKey(contacts: DomainContacts | null): string {
  if (!contacts) return 'null';
  return JSON.stringify(ROLES.map((role) => (contacts[role] ? CONTACT_FIELDS.map((field) => contacts[role][field] ?? null) : null)));
}

/** Registrars and registries list nameservers in their own order; only the set matters. */
const sameNameservers = (a: string[], b: string[]) => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

/** A registrar's or registry's instant in the form the portal stores. */
export const instant = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null);

export function planSync(row: DomainRow, registrar: DomainInfo | null, rdap: DomainLookup | null): SyncPlan {
  const columns: SyncPlan['columns'] = {};
  const changed: string[] = [];

  const status: DomainStatus | undefined = registrar?.status;
  if (status && status !== row.status) {
    columns.status = status;
    changed.push('status');
  }

  const dates = [
    ['registration_date', 'registrationDate', registrar?.registeredAt ?? rdap?.registeredAt],
    ['expiration_date', 'expirationDate', registrar?.expiresAt ?? rdap?.expiresAt],
  ] as const;
  for (const [column, field, value] of dates) {
    const next = instant(value);
    if (next && next !== row[column]) {
      columns[column] = next;
      changed.push(field);
    }
  }

  const nameservers = registrar?.nameservers.length ? registrar.nameservers : rdap?.nameservers.length ? rdap.nameservers : null;
  if (nameservers && !sameNameservers(nameservers, parseNameservers(row.nameservers))) {
    columns.nameservers = JSON.stringify(nameservers);
    changed.push('nameservers');
  }

  if (registrar?.contacts && contactsKey(registrar.contacts) !== contactsKey(parseContacts(row.contacts))) {
    columns.contacts = JSON.stringify(registrar.contacts);
    changed.push('contacts');
  }

  const flags = [['locked', 'locked', registrar?.locked], ['privacy', 'privacyEnabled', registrar?.privacy]] as const;
  for (const [column, field, value] of flags) {
    if (value === null || value === undefined || value === row[column]) continue;
    columns[column] = value;
    changed.push(field);
  }
  return { columns, changed };
}
