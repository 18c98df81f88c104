import type { Kysely } from 'kysely';

// Frozen history: never import application code here, never edit after release.

// Provider events name the customer; an account is found by it when an event carries no account id.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('accounts_stripe_customer').on('accounts').column('stripe_customer_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('accounts_stripe_customer').ifExists().execute();
}
