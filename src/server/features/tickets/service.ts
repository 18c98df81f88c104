import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { TicketReply, TicketSummary } from '../../../common/contracts/tickets.ts';
import { liveTopics } from '../../../common/live.ts';
import type { TicketPriority } from '../../../common/constants.ts';
import { nowIso, toIso } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { recordIfActingAs } from '../../audit/record.ts';
import { inTransaction } from '../../db/transaction.ts';
import { byCaller, recordEvent } from '../../events/recordEvent.ts';
import type { Caller, Services } from '../../rpc/context.ts';
import { notFound } from '../../rpc/errors.ts';
import { findTicketDetail, insertReply, insertTicket, listReplies, listTicketsOfUser, touchTicket } from './repository.ts';
import { decodeTicketCursor, encodeTicketCursor } from './ticketCursor.ts';
import { TICKET_NOT_FOUND, type TicketListScope } from './policy.ts';

export async function openTicket(db: Kysely<Database>, caller: Caller, input: {
  accountId: string; subject: string; description: string; priority: TicketPriority;
}): Promise<string> {
  const id = randomUUID();
  await inTransaction(db, async (tx) => {
    await insertTicket(tx.db, { id, userId: caller.userId, ...input, now: nowIso() });
    await recordEvent(tx, {
      type: 'support.ticket.created', accountId: input.accountId, actor: byCaller(caller),
      payload: { ticketId: id, subject: input.subject, priority: input.priority },
    });
    await recordIfActingAs(tx, caller, {
      action: 'ticket.created', target: { type: 'ticket', id }, after: { accountId: input.accountId, subject: input.subject, priority: input.priority },
    });
  });
  return id;
}

/** Keyset pagination: one extra row tells whether another page exists. */
export async function pageOfMyTickets(db: Kysely<Database>, scope: TicketListScope, limit: number, cursor: string | null | undefined) {
  const after = cursor ? decodeTicketCursor(cursor) : null;
  const rows = await listTicketsOfUser(db, scope.authorId, scope.accountId, limit + 1, after);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const tickets: TicketSummary[] = page.map((r) => ({
    id: r.id, accountId: r.account_id, subject: r.subject, status: r.status, priority: r.priority, createdAt: toIso(r.position_at)!,
  }));
  const nextCursor = rows.length > limit && last ? encodeTicketCursor({ createdAt: last.position_at, id: last.id }) : null;
  return { tickets, nextCursor };
}

/** Call only after the ticket policy has allowed the caller. */
export async function ticketWithConversation(db: Kysely<Database>, ticketId: string) {
  const [ticket, replies] = await Promise.all([findTicketDetail(db, ticketId), listReplies(db, ticketId)]);
  if (!ticket) throw notFound(TICKET_NOT_FOUND);
  return {
    ticket: {
      id: ticket.id, accountId: ticket.account_id, accountName: ticket.account_name,
      subject: ticket.subject, description: ticket.description, status: ticket.status, priority: ticket.priority,
      createdAt: toIso(ticket.created_at)!, authorName: ticket.author_name,
    },
    replies: replies.map((r): TicketReply => ({
      id: r.id, authorName: r.author_name, body: r.body, createdAt: toIso(r.created_at)!,
      byTicketOwner: r.user_id !== null && r.user_id === ticket.user_id,
    })),
  };
}

/**
 * Stores the reply under the caller's current name and marks the ticket as updated, together;
 * once committed, pages open on the ticket are told to refetch it.
 */
export async function replyToTicket(
  { db, live, log }: Pick<Services, 'db' | 'live' | 'log'>, caller: Caller,
  ticket: { id: string; authorId: string; accountId: string }, body: string,
): Promise<TicketReply> {
  const id = randomUUID();
  const now = nowIso();
  await inTransaction(db, async (tx) => {
    await insertReply(tx.db, { id, ticketId: ticket.id, userId: caller.userId, authorName: caller.name, body, now });
    await touchTicket(tx.db, ticket.id, now);
    await recordEvent(tx, {
      type: 'support.ticket.replied', accountId: ticket.accountId, actor: byCaller(caller),
      payload: { ticketId: ticket.id, replyId: id },
    });
    await recordIfActingAs(tx, caller, { action: 'ticket.replied', target: { type: 'ticket', id: ticket.id }, after: { replyId: id } });
    live.publish(tx, liveTopics.ticket(ticket.id), 'ticket.replied');
  }, log);
  return { id, authorName: caller.name, body, createdAt: now, byTicketOwner: caller.userId === ticket.authorId };
}
