import type { TicketPriority, TicketStatus } from '../../../common/constants.ts';
import { type Kysely, sql } from 'kysely';
import { preparedQuery } from '../../db/preparedQuery.ts';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/transaction.ts';
import { accountIdsOf, accountName, memberRole, removedMemberTicketAccess } from '../../access/fragments.ts';
import { userEmail, userName } from '../../auth/fragments.ts';

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
  created_at: string;
  position_at: string;
}

type ListParams = { limit: number; afterCreatedAt: string; afterId: string };
type ByAuthor = ListParams & { userId: string };
type InAccount = ListParams & { accountId: string };

/**
 * One page of tickets, newest first, on tickets_user_created_id or tickets_account_created_id (a
 * hot path, so prepared). `created_at` is read as text (`position_at`): on PostgreSQL that keeps
 * the microseconds a JS Date would drop, so the next page starts exactly after this one.
 */
const firstPage = preparedQuery<ByAuthor, TicketListRow>((db, p) => byAuthor(db, p).limit(p.limit));
const laterPage = preparedQuery<ByAuthor, TicketListRow>((db, p) => afterPosition(byAuthor(db, p), p).limit(p.limit));
/** An author's tickets within one account. */
const firstPageOfAuthorInAccount = preparedQuery<ByAuthor & InAccount, TicketListRow>((db, p) =>
  byAuthor(db, p).where('account_id', '=', p.accountId).limit(p.limit));
const laterPageOfAuthorInAccount = preparedQuery<ByAuthor & InAccount, TicketListRow>((db, p) =>
  afterPosition(byAuthor(db, p), p).where('account_id', '=', p.accountId).limit(p.limit));
/** Every ticket of one account, whoever opened it: what an operator impersonating the account sees. */
const firstPageOfAccount = preparedQuery<InAccount, TicketListRow>((db, p) =>
  listQuery(db).where('account_id', '=', p.accountId).limit(p.limit));
const laterPageOfAccount = preparedQuery<InAccount, TicketListRow>((db, p) =>
  afterPosition(listQuery(db), p).where('account_id', '=', p.accountId).limit(p.limit));

function afterPosition(query: ReturnType<typeof listQuery>, p: ListParams) {
  return query.where('created_at', '<=', p.afterCreatedAt)
    .where((eb) => eb.or([eb('created_at', '<', p.afterCreatedAt), eb('id', '<', p.afterId)]));
}

function listQuery(db: Kysely<Database>) {
  return db.selectFrom('tickets')
    .select(['id', 'account_id', 'subject', 'status', 'priority', 'created_at', sql<string>`cast(created_at as text)`.as('position_at')])
    .orderBy('created_at', 'desc').orderBy('id', 'desc');
}

/**
 * An author's tickets: in the accounts they belong to, and in those that removed them only where
 * the account lets removed members keep reading (issue 21).
 */
const byAuthor = (db: Kysely<Database>, p: ByAuthor) => listQuery(db).where('user_id', '=', p.userId)
  .where((eb) => eb.or([
    eb('tickets.account_id', 'in', accountIdsOf(eb, p.userId)),
    eb(removedMemberTicketAccess(eb, eb.ref('tickets.account_id')), '=', 'read_only'),
  ]));

/** Tickets opened by `authorId` (in `accountId` only, when given), or every ticket of `accountId` when no author is given. */
export async function listTickets(db: Kysely<Database>, scope: { authorId: string | null; accountId: string | null }, limit: number, after: TicketListPosition | null) {
  const params = { limit, afterCreatedAt: after?.createdAt ?? '', afterId: after?.id ?? '' };
  const { authorId, accountId } = scope;
  if (authorId === null) {
    if (accountId === null) throw new Error('A ticket list needs an author or an account.');
    return (after ? laterPageOfAccount : firstPageOfAccount).all(db, { ...params, accountId });
  }
  if (accountId !== null) return (after ? laterPageOfAuthorInAccount : firstPageOfAuthorInAccount).all(db, { ...params, userId: authorId, accountId });
  return (after ? laterPage : firstPage).all(db, { ...params, userId: authorId });
}

/** Tickets the account opened since `since` (tickets_account_created_id): the daily quota's count. */
export async function countTicketsOfAccountSince(db: Db, accountId: string, since: string): Promise<number> {
  const row = await db.selectFrom('tickets').select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_id', '=', accountId).where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** What the read rule needs: who wrote the ticket and the caller's role in the ticket's account (if any). */
export async function findTicketAccessFacts(db: Db, ticketId: string, userId: string) {
  return db.selectFrom('tickets as t')
    .select((eb) => ['t.user_id as author_id', 't.account_id', memberRole(eb, eb.ref('t.account_id'), userId).as('caller_role'),
      removedMemberTicketAccess(eb, eb.ref('t.account_id')).as('removed_member_access')])
    .where('t.id', '=', ticketId)
    .executeTakeFirst();
}

export async function findTicketDetail(db: Db, ticketId: string) {
  return db.selectFrom('tickets as t')
    .select((eb) => ['t.id', 't.account_id', 't.user_id', 't.subject', 't.description', 't.status', 't.priority', 't.created_at',
      accountName(eb, eb.ref('t.account_id')).as('account_name'), userName(eb, eb.ref('t.user_id')).as('author_name')])
    .where('t.id', '=', ticketId)
    .executeTakeFirst();
}

/** The conversation, oldest first (ticket_replies_ticket index). */
export async function listReplies(db: Db, ticketId: string) {
  return db.selectFrom('ticket_replies')
    .select(['id', 'user_id', 'author_name', 'body', 'is_staff', 'created_at'])
    .where('ticket_id', '=', ticketId)
    .orderBy('created_at', 'asc').orderBy('id', 'asc')
    .execute();
}

export async function insertReply(db: Db, reply: {
  id: string; ticketId: string; userId: string; authorName: string; body: string; isStaff: boolean; now: string;
}) {
  await db.insertInto('ticket_replies').values({
    id: reply.id, ticket_id: reply.ticketId, user_id: reply.userId, author_name: reply.authorName,
    body: reply.body, is_staff: reply.isStaff, created_at: reply.now,
  }).execute();
}

/** What a reply or a status change needs to know of the ticket: its account, author (and address, for the staff reply mail) and status. */
export async function findTicketForUpdate(db: Db, ticketId: string) {
  return db.selectFrom('tickets as t')
    .select((eb) => ['t.id', 't.account_id', 't.user_id', 't.subject', 't.status', userEmail(eb, eb.ref('t.user_id')).as('author_email')])
    .where('t.id', '=', ticketId)
    .executeTakeFirst();
}

/** Sets the status and the last activity (updated_at, which orders the staff list). */
export async function updateTicketState(db: Db, ticketId: string, state: { status: TicketStatus; now: string }) {
  await db.updateTable('tickets').set({ status: state.status, updated_at: state.now }).where('id', '=', ticketId).execute();
}
