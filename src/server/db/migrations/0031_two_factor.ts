import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen history: never import application code here, never edit after release.

/**
 * Two-factor sign-in (issue 21): better-auth's twoFactor plugin's table, renamed like the other
 * auth tables, and the user's flag it reads at sign-in. The secret and the recovery codes are
 * stored encrypted by the plugin (with AUTH_SECRET); the failure count and lock are its
 * account-level lockout after repeated wrong codes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  await db.schema.alterTable('users')
    .addColumn('two_factor_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createTable('auth_two_factor')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('backup_codes', 'text', (c) => c.notNull())
    .addColumn('verified', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('failed_verification_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', ts)
    .execute();
  await db.schema.createIndex('auth_two_factor_user_id').on('auth_two_factor').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_two_factor').execute();
  await db.schema.alterTable('users').dropColumn('two_factor_enabled').execute();
}
