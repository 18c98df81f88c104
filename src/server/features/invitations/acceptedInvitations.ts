import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The invitations among `ids` that someone accepted: the back office's outbox marks their mails' links used. */
export async function acceptedInvitationIds(db: Kysely<Database>, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('invitations').select('id').where('status', '=', 'accepted').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}
