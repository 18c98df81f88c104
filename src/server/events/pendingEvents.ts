import type { Dialect } from '../db/connection.ts';
import type { Db } from '../db/transaction.ts';

/**
 * The events recordEvent wrote and the webhook engine (features/events) has not fanned out yet:
 * claimed oldest first and marked processed in the engine's one unit of work. The table is this
 * module's (tools/eslint/tableOwners.js); the engine decides what each event fires.
 */

// SQLite limits a statement to 32,766 parameters.
const ID_CHUNK = 1000;

/** Up to `limit` unprocessed events, oldest first; on PostgreSQL claimed with SKIP LOCKED, so several engines share the work. */
export async function claimPendingEvents(db: Db, dialect: Dialect, limit: number) {
  let query = db.selectFrom('platform_events').selectAll().where('processed', '=', false).orderBy('created_at').orderBy('id').limit(limit);
  if (dialect === 'postgres') query = query.forUpdate().skipLocked();
  return query.execute();
}

export async function markEventsProcessed(db: Db, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    await db.updateTable('platform_events').set({ processed: true }).where('id', 'in', ids.slice(i, i + ID_CHUNK)).execute();
  }
}
