import type { Db } from '../db/transaction.ts';
import { userEmail } from '../auth/fragments.ts';

/**
 * The account's billing columns (profile, the provider's customer): they sit on the accounts row,
 * which tenancy owns (tools/eslint/tableOwners.js), so their queries are written here; billing and
 * the domain orders' charges decide what they mean.
 */

/** The account's billing profile and payment customer. */
export async function findBillingAccount(db: Db, accountId: string) {
  return db.selectFrom('accounts')
    .select(['id', 'name', 'billing_name', 'billing_email', 'billing_address', 'tax_id', 'stripe_customer_id'])
    .where('id', '=', accountId)
    .executeTakeFirst();
}

export async function updateBillingProfile(db: Db, accountId: string, profile: {
  billingName: string | null; billingEmail: string; billingAddress: string | null; taxId: string | null; now: string;
}) {
  await db.updateTable('accounts').set({
    billing_name: profile.billingName, billing_email: profile.billingEmail, billing_address: profile.billingAddress,
    tax_id: profile.taxId, updated_at: profile.now,
  }).where('id', '=', accountId).execute();
}

/** Stores the provider's customer on an account that has none yet; answers whether it did. */
export async function setCustomerIfNone(db: Db, accountId: string, customerId: string, now: string): Promise<boolean> {
  const result = await db.updateTable('accounts').set({ stripe_customer_id: customerId, updated_at: now })
    .where('id', '=', accountId).where('stripe_customer_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function findAccountIdByCustomer(db: Db, customerId: string): Promise<string | null> {
  const row = await db.selectFrom('accounts').select('id').where('stripe_customer_id', '=', customerId).executeTakeFirst();
  return row?.id ?? null;
}

export async function accountExists(db: Db, accountId: string): Promise<boolean> {
  return (await db.selectFrom('accounts').select('id').where('id', '=', accountId).executeTakeFirst()) !== undefined;
}

/** Where billing mail goes: the billing e-mail, else the owner's address. */
export async function findBillingContact(db: Db, accountId: string) {
  return db.selectFrom('accounts as a')
    .select((eb) => ['a.name', 'a.billing_name', 'a.billing_email', userEmail(eb, eb.ref('a.owner_id')).as('owner_email')])
    .where('a.id', '=', accountId)
    .executeTakeFirst();
}
