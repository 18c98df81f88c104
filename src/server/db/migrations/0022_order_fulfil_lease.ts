import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen history: never import application code here, never edit after release.

// The registration job's lease on an order (issue 18): a run claims the order until this time
// under its own token, so two workers never execute one order at once (a timed-out attempt whose
// handler still runs, a stuck worker's expired job taken by another process). The back office
// reads it too: an order under lease has a registrar call in flight.
export async function up(db: Kysely<any>): Promise<void> {
  const ts = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';
  await db.schema.alterTable('domain_orders').addColumn('fulfil_lease_until', ts).execute();
  await db.schema.alterTable('domain_orders').addColumn('fulfil_lease_holder', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('domain_orders').dropColumn('fulfil_lease_holder').execute();
  await db.schema.alterTable('domain_orders').dropColumn('fulfil_lease_until').execute();
}
