import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Frozen history: never import application code here, never edit after release.

export async function up(db: Kysely<any>): Promise<void> {
  const ts = db.getExecutor().adapter instanceof PostgresAdapter ? 'timestamptz' : 'text';

  // Who did what as whom: the operator's e-mail survives the user, the account acted as, and the target's state around the change.
  for (const column of ['actor_email', 'acting_as_account_id', 'before_state', 'after_state', 'request_id']) {
    await db.schema.alterTable('audit_log').addColumn(column, 'text').execute();
  }
  await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_type', 'target_id', 'created_at']).execute();
  await db.schema.createIndex('audit_log_acting_as').on('audit_log').columns(['acting_as_account_id', 'created_at']).execute();

  // A global super admin acting as an account, tied to the operator's session. Rows stay after the end, as history.
  await db.schema.createTable('impersonations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('operator_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('original_account_id', 'text')
    .addColumn('started_at', ts, (c) => c.notNull())
    .addColumn('ended_at', ts)
    .execute();
  // At most one open impersonation per session; the caller lookup reads it by session.
  await db.schema.createIndex('impersonations_open_session').on('impersonations').column('session_id').unique()
    .where(sql.ref('ended_at'), 'is', null).execute();
  await db.schema.createIndex('impersonations_operator').on('impersonations').columns(['operator_user_id', 'started_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('impersonations').ifExists().execute();
  await db.schema.dropIndex('audit_log_acting_as').ifExists().execute();
  await db.schema.dropIndex('audit_log_target').ifExists().execute();
  for (const column of ['request_id', 'after_state', 'before_state', 'acting_as_account_id', 'actor_email']) {
    await db.schema.alterTable('audit_log').dropColumn(column).execute();
  }
}
