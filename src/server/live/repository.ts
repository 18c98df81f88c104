import type { Kysely } from 'kysely';
import { toIso } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';

/** When a session was created and when its sliding expiry falls, in epoch milliseconds. */
export async function findSessionTimes(db: Kysely<Database>, sessionId: string): Promise<{ createdAt: number; expiresAt: number } | null> {
  const row = await db.selectFrom('auth_session').select(['created_at', 'expires_at']).where('id', '=', sessionId).executeTakeFirst();
  return row ? { createdAt: Date.parse(toIso(row.created_at)!), expiresAt: Date.parse(toIso(row.expires_at)!) } : null;
}
