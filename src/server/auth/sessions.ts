import type { Db } from '../db/transaction.ts';

/**
 * A user's sessions, as the profile lists and ends them (issue 21). auth_session is better-auth's
 * table, owned here (tools/eslint/tableOwners.js); the token column is never read by these
 * queries, so no list can hand it out.
 */
export interface SessionRecord {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  lastActiveAt: string;
}

/** Activity is stamped at most this often per session: one small write a minute, not one per request. */
export const LAST_ACTIVE_RESOLUTION_MS = 60_000;

/** The user's live sessions, the most recently active first. */
export async function listSessionsOf(db: Db, userId: string, now: string): Promise<SessionRecord[]> {
  const rows = await db.selectFrom('auth_session')
    .select(['id', 'user_agent', 'ip_address', 'created_at', 'updated_at', 'last_active_at'])
    .where('user_id', '=', userId).where('expires_at', '>', now)
    .execute();
  return rows.map((r) => ({
    id: r.id, userAgent: r.user_agent, ipAddress: r.ip_address, createdAt: r.created_at,
    lastActiveAt: latest(r.last_active_at, r.updated_at, r.created_at),
  })).sort((a, b) => b.lastActiveAt.localeCompare(a.lastActiveAt) || a.id.localeCompare(b.id));
}

/** Deletes one of the user's sessions; false when the user has no session with that id. */
export async function deleteSessionOf(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const result = await db.deleteFrom('auth_session').where('id', '=', sessionId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Deletes every session of the user but `keepSessionId`; how many ended. */
export async function deleteOtherSessionsOf(db: Db, userId: string, keepSessionId: string): Promise<number> {
  const result = await db.deleteFrom('auth_session').where('user_id', '=', userId).where('id', '<>', keepSessionId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Records that the session made a request now, unless it did so within the last minute. */
export async function stampSessionActivity(db: Db, sessionId: string, now: Date): Promise<void> {
  const before = new Date(now.getTime() - LAST_ACTIVE_RESOLUTION_MS).toISOString();
  await db.updateTable('auth_session').set({ last_active_at: now.toISOString() })
    .where('id', '=', sessionId)
    .where((eb) => eb.or([eb('last_active_at', 'is', null), eb('last_active_at', '<', before)]))
    .execute();
}

/** Whether a last-active stamp read with the session is due again. */
export function activityStampDue(lastActiveAt: string | null, now: number): boolean {
  return !lastActiveAt || Date.parse(lastActiveAt) + LAST_ACTIVE_RESOLUTION_MS <= now;
}

function latest(...stamps: (string | null)[]): string {
  return stamps.filter((s): s is string => Boolean(s)).reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b));
}

/** Whose session this is; null when there is no such session. */
export async function findSessionOwner(db: Db, sessionId: string): Promise<string | null> {
  const row = await db.selectFrom('auth_session').select('user_id').where('id', '=', sessionId).executeTakeFirst();
  return row?.user_id ?? null;
}
