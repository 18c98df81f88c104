import type { TicketPriority, TicketStatus } from '../../../common/constants.ts';
import { type Kysely, sql } from 'kysely';
import { preparedQuery } from '../../db/preparedQuery.ts';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/transaction.ts';

/** A position in the newest-first list: the stored created_at text and the id, exactly as the database compares them. */
export interface TicketListPosition {
  createdAt: string;
  id: string;
}

export async function insertTicket(db: Db, ticket: {
  id: string; accountId: string; userId: string; subject: string; description: string; priority: TicketPriority; now: string;
}) {
  await db.insertInto('tickets').values({
    id: ticket.id, account_id: ticket.accountId, user_id: ticket.userId,
    subject: ticket.subject, description: ticket.description, priority: ticket.priority,
    status: 'open', created_at: ticket.now, updated_at: ticket.now,
  }).execute();
}

interface TicketListRow {
  id: string;
  account_id: string;
  subject: string;
  status: TicketStatus;
  priority: TicketPriority;
  position_at: string;
}

type ListParams = { userId: string; limit: number; afterCreatedAt: string; afterId: string };

/**
 * One page of a user's tickets, newest first, on tickets_user_created_id (a hot path, so
 * prepared). `created_at` is read as text (`position_at`): on PostgreSQL that keeps the
 * microseconds a JS Date would drop, so the next page starts exactly after this one.
 */
const firstPage = preparedQuery<ListParams, TicketListRow>((db, p) => listQuery(db, p).limit(p.limit));
const laterPage = preparedQuery<ListParams, TicketListRow>((db, p) => afterPosition(listQuery(db, p), p).limit(p.limit));
/** The same within one account: an operator impersonating an account sees nothing outside it. */
const firstPageInAccount = preparedQuery<ListParams & { accountId: string }, TicketListRow>((db, p) =>
  listQuery(db, p).where('account_id', '=', p.accountId).limit(p.limit));
const laterPageInAccount = preparedQuery<ListParams & { accountId: string }, TicketListRow>((db, p) =>
  afterPosition(listQuery(db, p), p).where('account_id', '=', p.accountId).limit(p.limit));

function afterPosition(query: ReturnType<typeof listQuery>, p: ListParams) {
  return query.where('created_at', '<=', p.afterCreatedAt)
    .where((eb) => eb.or([eb('created_at', '<', p.afterCreatedAt), eb('id', '<', p.afterId)]));
}

function listQuery(db: Kysely<Database>, p: ListParams) {
  return db.selectFrom('tickets')
    .select(['id', 'account_id', 'subject', 'status', 'priority', sql<string>`cast(created_at as text)`.as('position_at')])
    .where('user_id', '=', p.userId)
    .orderBy('created_at', 'desc').orderBy('id', 'desc');
}

export async function listTicketsOfUser(db: Kysely<Database>, userId: string, accountId: string | null, limit: number, after: TicketListPosition | null) {
  const params = { userId, limit, afterCreatedAt: after?.createdAt ?? '', afterId: after?.id ?? '' };
  if (accountId !== null) return (after ? laterPageInAccount : firstPageInAccount).all(db, { ...params, accountId });
  return (after ? laterPage : firstPage).all(db, params);
}

/** What the read rule needs: who wrote the ticket and the caller's role in the ticket's account (if any). */
export async function findTicketAccessFacts(db: Db, ticketId: string, userId: string) {
  return db.selectFrom('tickets as t')
    .leftJoin('account_members as m', (join) => join.onRef('m.account_id', '=', 't.account_id').on('m.user_id', '=', userId))
    .select(['t.user_id as author_id', 't.account_id', 'm.role as caller_role'])
    .where('t.id', '=', ticketId)
    .executeTakeFirst();
}

export async function findTicketDetail(db: Db, ticketId: string) {
  return db.selectFrom('tickets as t')
    .innerJoin('accounts as a', 'a.id', 't.account_id')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.id', 't.account_id', 't.user_id', 't.subject', 't.description', 't.status', 't.priority', 't.created_at',
      'a.name as account_name', 'u.name as author_name'])
    .where('t.id', '=', ticketId)
    .executeTakeFirst();
}

/** The conversation, oldest first (ticket_replies_ticket index). */
export async function listReplies(db: Db, ticketId: string) {
  return db.selectFrom('ticket_replies')
    .select(['id', 'user_id', 'author_name', 'body', 'created_at'])
    .where('ticket_id', '=', ticketId)
    .orderBy('created_at', 'asc').orderBy('id', 'asc')
    .execute();
}

export async function insertReply(db: Db, reply: {
  id: string; ticketId: string; userId: string; authorName: string; body: string; now: string;
}) {
  await db.insertInto('ticket_replies').values({
    id: reply.id, ticket_id: reply.ticketId, user_id: reply.userId, author_name: reply.authorName,
    body: reply.body, created_at: reply.now,
  }).execute();
}

export async function touchTicket(db: Db, ticketId: string, now: string) {
  await db.updateTable('tickets').set({ updated_at: now }).where('id', '=', ticketId).execute();
}
