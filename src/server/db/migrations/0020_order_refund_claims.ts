import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen history: never import application code here, never edit after release.

// An operator's refund is asked of the payment provider with no transaction open (issue 17), so
// no row lock keeps the order still meanwhile: the order is claimed instead, until this time,
// and no status change moves a claimed order but the refund's own cancel.
export async function up(db: Kysely<any>): Promise<void> {
  const ts = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';
  await db.schema.alterTable('domain_orders').addColumn('refund_claimed_until', ts).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('domain_orders').dropColumn('refund_claimed_until').execute();
}
