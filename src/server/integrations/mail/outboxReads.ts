import { type Kysely, sql } from 'kysely';
import type { Database, MailStatus } from '../../db/schema.ts';
import { type NewestFirstPosition, olderThan } from '../../rpc/newestFirstCursor.ts';
import { prefixEnd } from '../../db/textMatch.ts';

/** The outbox as operators read it (features/admin/mail): the mail module owns mail_outbox. */
export interface MailListQuery {
  limit: number;
  toPrefix: string | null;
  status: MailStatus | null;
  after: NewestFirstPosition | null;
}

/** One page of the outbox newest first on (created_at, id); addresses are stored lower-case, so the prefix is a range. */
export async function listMail(db: Kysely<Database>, q: MailListQuery) {
  let query = db.selectFrom('mail_outbox as m')
    // The text body too: the page shows whether the link it carries was used (features/admin/mail/linkStates.ts).
    .select(['m.id', 'm.to_address', 'm.subject', 'm.status', 'm.error', 'm.created_at', 'm.sent_at', 'm.text_body',
      sql<string>`cast(m.created_at as text)`.as('position_value')]);
  if (q.toPrefix) query = query.where('m.to_address', '>=', q.toPrefix).where('m.to_address', '<', prefixEnd(q.toPrefix));
  if (q.status) query = query.where('m.status', '=', q.status);
  if (q.after) query = query.where(olderThan('m.created_at', 'm.id', q.after));
  return query.orderBy('m.created_at', 'desc').orderBy('m.id', 'desc').limit(q.limit).execute();
}

export async function findMail(db: Kysely<Database>, id: string) {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}
