import { randomUUID } from 'node:crypto';
import type { contracts } from '../../../../src/common/admin/accounts/contract.ts';
import type { SampleInput } from '../sampleInputs.ts';
import type { TestApp, TestUser } from '../../testApp.ts';

/** A fresh account owned by `owner`, written as a row (the matrix must not depend on the functions it checks). */
async function freshAccount(t: TestApp, owner: TestUser, name = `Matrix ${randomUUID().slice(0, 8)}`): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await t.services.db.insertInto('accounts').values({
    id, name, status: 'active', owner_id: owner.id, billing_name: null, billing_email: null, billing_address: null, tax_id: null,
    stripe_customer_id: null, created_at: now, updated_at: now,
  }).execute();
  await t.services.db.insertInto('account_members').values({ account_id: id, user_id: owner.id, role: 'account_owner', joined_at: now }).execute();
  return id;
}

/** The permission matrix's inputs for the back office's Accounts functions (issue 8). */
export const adminAccountsSamples: Record<keyof typeof contracts, SampleInput> = {
  getAllAccounts: async () => ({ limit: 5, sortBy: 'name', sortOrder: 'asc' }),
  searchAccounts: async () => ({ query: 'Account of' }),
  getAdminAccountDetails: async ({ cast }) => ({ accountId: cast.accountId }),
  adminCreateAccount: async ({ cast }) => ({ accountName: `Matrix created ${randomUUID().slice(0, 8)}`, ownerEmail: cast.outsider.email }),
  adminUpdateAccount: async ({ cast }) => ({ accountId: cast.accountId, updates: { billingName: 'Matrix Billing' } }),
  // A fresh account each call: the super admin's call really deletes it.
  adminDeleteAccount: async ({ t, cast }) => ({ accountId: await freshAccount(t, cast.outsider), transferDomainsTo: null }),
};
