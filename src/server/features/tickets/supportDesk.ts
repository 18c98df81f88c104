import { type Kysely, sql } from 'kysely';
import type { AdminAccountDetail } from '../../../common/admin/accounts/contract.ts';
import type { StaffTicketDetail, StaffTicketSummary } from '../../../common/admin/support/contract.ts';
import type { SortOrder } from '../../../common/admin/users/contract.ts';
import type { TicketPriority, TicketStatus } from '../../../common/constants.ts';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/transaction.ts';
import { likeContaining } from '../../db/textMatch.ts';
import { accountName } from '../../access/fragments.ts';
import { userEmail, userName } from '../../auth/fragments.ts';

/** The back office's reads of every account's tickets: the support desk's list and ticket, an account's newest. */

/** The last row of a staff list page: its last activity (as the database printed it) and id. */
export interface StaffTicketPosition { activityAt: string; id: string }

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

/**
 * A page of `q.limit` tickets in keyset order on (updated_at, id), the last activity; `next` is
 * set when another page follows. Each of status, priority and account has its (column,
 * updated_at, id) index; the subject text is a LIKE over what those leave (support-desk scale,
 * 0015_support_desk.ts). The account's name and the author's address are looked up for the page's rows.
 */
export async function pageOfStaffTickets(db: Kysely<Database>, q: StaffTicketQuery) {
  const op = q.sortOrder === 'asc' ? '>' : '<';
  let query = db.selectFrom('tickets as t')
    .select((eb) => ['t.id', 't.subject', 't.status', 't.priority', 't.account_id',
      accountName(eb, eb.ref('t.account_id')).$notNull().as('account_name'), 't.user_id',
      userEmail(eb, eb.ref('t.user_id')).$notNull().as('author_email'), 't.created_at', 't.updated_at', sql<string>`cast(t.updated_at as text)`.as('position_at')]);
  if (q.status) query = query.where('t.status', '=', q.status);
  if (q.priority) query = query.where('t.priority', '=', q.priority);
  if (q.accountId) query = query.where('t.account_id', '=', q.accountId);
  if (q.text) query = query.where(sql<boolean>`lower(t.subject) like ${likeContaining(q.text)} escape '\\'`);
  if (q.after) {
    const { activityAt, id } = q.after;
    query = query.where((eb) => eb(eb.refTuple('t.updated_at', 't.id'), op, eb.tuple(activityAt, id)));
  }
  const rows = await query.orderBy('t.updated_at', q.sortOrder).orderBy('t.id', q.sortOrder).limit(q.limit + 1).execute();
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const tickets: StaffTicketSummary[] = page.map((r) => ({
    id: r.id, subject: r.subject, status: r.status, priority: r.priority, accountId: r.account_id, accountName: r.account_name,
    authorId: r.user_id, authorEmail: r.author_email, createdAt: r.created_at, lastActivityAt: r.updated_at,
  }));
  const next: StaffTicketPosition | null = rows.length > q.limit && last ? { activityAt: last.position_at, id: last.id } : null;
  return { tickets, next };
}

export async function findStaffTicket(db: Db, ticketId: string): Promise<StaffTicketDetail | undefined> {
  const ticket = await db.selectFrom('tickets as t')
    .select((eb) => ['t.id', 't.subject', 't.description', 't.status', 't.priority', 't.account_id',
      accountName(eb, eb.ref('t.account_id')).$notNull().as('account_name'), 't.user_id',
      userEmail(eb, eb.ref('t.user_id')).$notNull().as('author_email'), userName(eb, eb.ref('t.user_id')).$notNull().as('author_name'),
      't.created_at', 't.updated_at'])
    .where('t.id', '=', ticketId)
    .executeTakeFirst();
  return ticket && {
    id: ticket.id, subject: ticket.subject, description: ticket.description, status: ticket.status, priority: ticket.priority,
    accountId: ticket.account_id, accountName: ticket.account_name, authorId: ticket.user_id, authorEmail: ticket.author_email,
    authorName: ticket.author_name, createdAt: ticket.created_at, lastActivityAt: ticket.updated_at,
  };
}

/** The account's newest tickets, for its detail page. */
export async function ticketsOfAccount(db: Db, accountId: string, limit: number): Promise<AdminAccountDetail['tickets']> {
  const rows = await db.selectFrom('tickets').select(['id', 'subject', 'status', 'priority', 'created_at'])
    .where('account_id', '=', accountId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((t) => ({ id: t.id, subject: t.subject, status: t.status, priority: t.priority, createdAt: t.created_at }));
}
