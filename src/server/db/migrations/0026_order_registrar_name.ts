import type { Kysely } from 'kysely';

// Frozen history: never import application code here, never edit after release.

// An order completed by hand at a registrar we do not hold as a supplier ('Other') keeps the
// registrar's name the operator typed, so the order says where the name was bought.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('domain_orders').addColumn('registrar_name', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('domain_orders').dropColumn('registrar_name').execute();
}
