import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen history: never import application code here, never edit after release.

/**
 * Passkeys (WebAuthn credentials) as a way to sign in (issue 21), and the single-use challenges
 * their ceremonies sign. Credential ids and public keys are base64url text, so both dialects
 * store and compare them the same way.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const ts = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';
  await db.schema.createTable('auth_passkey')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text')
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('backed_up', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', ts, (c) => c.notNull())
    .addColumn('last_used_at', ts)
    .execute();
  await db.schema.createIndex('auth_passkey_user_id').on('auth_passkey').columns(['user_id', 'created_at']).execute();

  await db.schema.createTable('auth_passkey_challenge')
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('expires_at', ts, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('auth_passkey_challenge_expires_at').on('auth_passkey_challenge').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_passkey_challenge').execute();
  await db.schema.dropTable('auth_passkey').execute();
}
