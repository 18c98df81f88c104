import type { Kysely } from 'kysely';

// Frozen history: never import application code here, never edit after release.

/** The panel's own account limit (its licence) as the last successful check read it, for the health card. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('hosting_servers').addColumn('panel_max_accounts', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('hosting_servers').dropColumn('panel_max_accounts').execute();
}
