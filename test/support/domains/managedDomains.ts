import { randomBytes } from 'node:crypto';
import type { Services } from '../../../src/server/rpc/context.ts';
import { insertDomain } from '../../../src/server/features/domains/records.ts';
import type { ManagementMode } from '../../../src/server/db/schema.ts';
import { testContacts } from '../registrars/contacts.fixture.ts';

/**
 * A domain row as the back office finds it: at a supplier (api or manual mode) or kept by hand
 * with no supplier, in an account or unassigned. No registrar is asked; the test seeds its fake.
 */
export async function insertManagedDomain(services: Services, options: {
  name?: string; accountId?: string | null; supplierId?: string | null; managementMode?: ManagementMode;
  registrationDate?: string | null; expirationDate?: string | null; nameservers?: string[];
} = {}) {
  const name = options.name ?? `managed-${randomBytes(5).toString('hex')}.com`;
  const id = `dom_${randomBytes(10).toString('hex')}`;
  await insertDomain(services.db, {
    id, accountId: options.accountId ?? null, name, tld: name.slice(name.indexOf('.') + 1), supplierId: options.supplierId ?? null,
    managementMode: options.managementMode, registrationId: null,
    registrationDate: options.registrationDate === undefined ? '2025-03-14T00:00:00.000Z' : options.registrationDate,
    expirationDate: options.expirationDate === undefined ? '2026-03-14T00:00:00.000Z' : options.expirationDate,
    autoRenew: false, privacy: false, locked: true, nameservers: options.nameservers ?? ['ns1.ours.example', 'ns2.ours.example'],
    contacts: testContacts(), now: services.clock.nowIso(),
  });
  return { id, name };
}
