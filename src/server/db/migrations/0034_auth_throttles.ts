import { type Kysely, PostgresAdapter } from 'kysely';

// Frozen history: never import application code here, never edit after release.

/**
 * Issue 21. `sign_in_throttle`: failed password sign-ins per e-mail address (known or not), so
 * every process behind the load balancer slows and locks the same account. `auth_link_mail`: one
 * row per e-mailed password-reset or verification link: the per-recipient hourly cap counts them,
 * and the back office's outbox shows a link as used once `used_at` is set.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const ts = pg ? 'timestamptz' : 'text';
  const text = (n: number) => (pg ? `varchar(${n})` : 'text') as 'text';

  await db.schema.createTable('sign_in_throttle')
    .addColumn('email', text(254), (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_failure_at', ts, (c) => c.notNull())
    .addColumn('locked_until', ts)
    .execute();

  await db.schema.createTable('auth_link_mail')
    .addColumn('id', text(36), (c) => c.primaryKey())
    .addColumn('kind', text(32), (c) => c.notNull())
    .addColumn('recipient', text(254), (c) => c.notNull())
    .addColumn('token_hash', text(64), (c) => c.notNull())
    .addColumn('sent_at', ts, (c) => c.notNull())
    .addColumn('used_at', ts)
    .execute();
  await db.schema.createIndex('auth_link_mail_recipient').on('auth_link_mail').columns(['recipient', 'kind', 'sent_at']).execute();
  await db.schema.createIndex('auth_link_mail_token').on('auth_link_mail').column('token_hash').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_link_mail').execute();
  await db.schema.dropTable('sign_in_throttle').execute();
}
