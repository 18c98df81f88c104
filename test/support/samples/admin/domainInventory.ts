import { randomBytes, randomUUID } from 'node:crypto';
import type { contracts } from '../../../../src/common/admin/domainInventory/contract.ts';
import { insertDomain } from '../../../../src/server/features/domains/records.ts';
import type { SampleInput } from '../sampleInputs.ts';
import type { TestApp } from '../../testApp.ts';

/** A fresh unassigned domain, written as a row (the matrix must not depend on the functions it checks). */
export async function freshInventoryDomain(t: TestApp, accountId: string | null = null): Promise<string> {
  const name = `matrix-${randomBytes(5).toString('hex')}.com`;
  await insertDomain(t.services.db, {
    id: randomUUID(), accountId, name, tld: 'com', supplierId: null, registrationId: null, registrationDate: null, expirationDate: null,
    autoRenew: false, privacy: false, locked: false, nameservers: [], contacts: null, now: new Date().toISOString(),
  });
  return name;
}

/** The permission matrix's inputs for the domain inventory (issue 19): each call that may succeed gets its own domain. */
export const adminDomainInventorySamples: Record<keyof typeof contracts, SampleInput> = {
  listManagedDomains: async () => ({ account: 'unassigned', sortBy: 'expiryAt', sortOrder: 'desc' }),
  createManagedDomain: async ({ cast }) => ({
    domain: `matrix-new-${randomBytes(5).toString('hex')}.com`, accountId: cast.accountId, registrar: 'manual', managementMode: 'manual',
    expiryAt: null, autoRenewEnabled: false, nameservers: [], notes: '',
  }),
  deleteDomain: async ({ t }) => ({ domain: await freshInventoryDomain(t) }),
  updateManagedDomain: async ({ t, cast }) => ({ domain: await freshInventoryDomain(t), updates: { accountId: cast.accountId } }),
};
