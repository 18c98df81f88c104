import { type Kysely, sql } from 'kysely';
import type { SortOrder } from '../../../../common/admin/users/contract.ts';
import type { TicketPriority, TicketStatus } from '../../../../common/constants.ts';
import type { Database } from '../../../db/schema.ts';
import type { Db } from '../../../db/transaction.ts';
import type { StaffTicketPosition } from './cursor.ts';
import { likeContaining } from '../../../db/textMatch.ts';

export interface StaffTicketQuery {
  limit: number;
  status: TicketStatus | null;
  priority: TicketPriority | null;
  accountId: string | null;
  /** Part of the subject, any case. */
  text: string | null;
  sortOrder: SortOrder;
  after: StaffTicketPosition | null;
}

/** LIKE's wildcards typed by the operator match themselves. */

/**
 * One page of every account's tickets in keyset order on (updated_at, id): the last activity.
 * Each of status, priority and account has its (column, updated_at, id) index; the subject
 * text is a LIKE over what those leave (support-desk scale, 0015_support_desk.ts).
 */
export async function listStaffTickets(db: Kysely<Database>, q: StaffTicketQuery) {
  const op = q.sortOrder === 'asc' ? '>' : '<';
  let query = db.selectFrom('tickets as t')
    .innerJoin('accounts as a', 'a.id', 't.account_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.subject', 't.status', 't.priority', 't.account_id', 'a.name as account_name', 't.user_id',
      'u.email as author_email', 't.created_at', 't.updated_at', sql<string>`cast(t.updated_at as text)`.as('position_at')]);
  if (q.status) query = query.where('t.status', '=', q.status);
  if (q.priority) query = query.where('t.priority', '=', q.priority);
  if (q.accountId) query = query.where('t.account_id', '=', q.accountId);
  if (q.text) query = query.where(sql<boolean>`lower(t.subject) like ${likeContaining(q.text)} escape '\\'`);
  if (q.after) {
    const { activityAt, id } = q.after;
    query = query.where((eb) => eb(eb.refTuple('t.updated_at', 't.id'), op, eb.tuple(activityAt, id)));
  }
  return query.orderBy('t.updated_at', q.sortOrder).orderBy('t.id', q.sortOrder).limit(q.limit).execute();
}

export async function findStaffTicket(db: Db, ticketId: string) {
  return db.selectFrom('tickets as t')
    .innerJoin('accounts as a', 'a.id', 't.account_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.subject', 't.description', 't.status', 't.priority', 't.account_id', 'a.name as account_name',
      't.user_id', 'u.email as author_email', 'u.name as author_name', 't.created_at', 't.updated_at'])
    .where('t.id', '=', ticketId)
    .executeTakeFirst();
}
