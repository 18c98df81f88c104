import type { Kysely } from 'kysely';

// Frozen history: never import application code here, never edit after release.

// The back office's audit log and mail outbox page newest first by keyset on (created_at, id),
// whole or within one filter; each filter has its index so a page is an index range at any size.
// The audit target filter uses audit_log_target (0005), the recipient prefix mail_outbox_to_created (0001).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('audit_log_created_id').on('audit_log').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_actor_created').on('audit_log').columns(['actor_user_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_actor_email_created').on('audit_log').columns(['actor_email', 'created_at', 'id']).execute();
  await db.schema.createIndex('audit_log_action_created').on('audit_log').columns(['action', 'created_at', 'id']).execute();
  await db.schema.createIndex('mail_outbox_created_id').on('mail_outbox').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('mail_outbox_status_created').on('mail_outbox').columns(['status', 'created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['mail_outbox_status_created', 'mail_outbox_created_id', 'audit_log_action_created', 'audit_log_actor_email_created',
    'audit_log_actor_created', 'audit_log_created_id']) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
