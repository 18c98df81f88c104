import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { staffAuthorName, type TicketReply, type TicketSummary } from '../../../common/tickets/contract.ts';
import type { TicketPriority } from '../../../common/constants.ts';
import type { Database } from '../../db/schema.ts';
import { recordIfActingAs } from '../../audit/record.ts';
import { inTransaction } from '../../db/transaction.ts';
import { byCaller, recordEvent } from '../../events/recordEvent.ts';
import type { Caller, Services } from '../../rpc/context.ts';
import { notFound } from '../../rpc/errors.ts';
import { countTicketsOfAccountSince, findTicketDetail, insertTicket, listReplies, listTickets } from './repository.ts';
import { changeStatus, storeReply } from './ticketUpdates.ts';
import { decodeTicketCursor, encodeTicketCursor } from './ticketCursor.ts';
import { requireTicketQuota, TICKET_NOT_FOUND, type TicketListScope } from './policy.ts';
import { TICKET_QUOTA_WINDOW_MS } from '../../../common/tickets/quota.ts';

export async function openTicket({ db, clock }: Pick<Services, 'db' | 'clock'>, caller: Caller, input: {
  accountId: string; subject: string; description: string; priority: TicketPriority;
}): Promise<string> {
  const id = randomUUID();
  await inTransaction(db, async (tx) => {
    const at = clock.now();
    const now = at.toISOString();
    requireTicketQuota(await countTicketsOfAccountSince(tx.db, input.accountId, new Date(at.getTime() - TICKET_QUOTA_WINDOW_MS).toISOString()));
    await insertTicket(tx.db, { id, userId: caller.userId, ...input, now });
    await recordEvent(tx, {
      type: 'support.ticket.created', accountId: input.accountId, actor: byCaller(caller),
      payload: { ticketId: id, subject: input.subject, priority: input.priority }, at: now,
    });
    await recordIfActingAs(tx, caller, {
      action: 'ticket.created', target: { type: 'ticket', id }, after: { accountId: input.accountId, subject: input.subject, priority: input.priority }, at: now,
    });
  });
  return id;
}

/** Keyset pagination: one extra row tells whether another page exists. */
export async function pageOfMyTickets(db: Kysely<Database>, scope: TicketListScope, limit: number, cursor: string | null | undefined) {
  const after = cursor ? decodeTicketCursor(cursor) : null;
  const rows = await listTickets(db, scope, limit + 1, after);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const tickets: TicketSummary[] = page.map((r) => ({
    id: r.id, accountId: r.account_id, subject: r.subject, status: r.status, priority: r.priority, createdAt: r.created_at,
  }));
  const nextCursor = rows.length > limit && last ? encodeTicketCursor({ createdAt: last.position_at, id: last.id }) : null;
  return { tickets, nextCursor };
}

/** Call only after the ticket policy has allowed the caller. */
export async function ticketWithConversation(db: Kysely<Database>, ticketId: string, canReply: boolean) {
  const [ticket, replies] = await Promise.all([findTicketDetail(db, ticketId), listReplies(db, ticketId)]);
  if (!ticket) throw notFound(TICKET_NOT_FOUND);
  return {
    ticket: {
      id: ticket.id, accountId: ticket.account_id, accountName: ticket.account_name,
      subject: ticket.subject, description: ticket.description, status: ticket.status, priority: ticket.priority,
      createdAt: ticket.created_at, authorName: ticket.author_name,
    },
    canReply,
    replies: replies.map((r): TicketReply => {
      const byStaff = r.is_staff;
      return {
        id: r.id, authorName: byStaff ? staffAuthorName(r.author_name) : r.author_name, body: r.body, createdAt: r.created_at,
        byTicketOwner: !byStaff && r.user_id !== null && r.user_id === ticket.user_id, byStaff,
      };
    }),
  };
}

/**
 * Stores the reply under the caller's current name. An operator impersonating the account writes
 * as the support team (marked as staff, the ticket answered, its author e-mailed), since the
 * customer must never take it for a co-worker's words; anyone else's reply leaves the ticket
 * waiting on staff (customer-reply), a closed one reopened.
 */
export async function replyToTicket(services: Services, caller: Caller, ticketId: string, body: string): Promise<TicketReply> {
  const byStaff = caller.actingAs !== null;
  const reply = await inTransaction(services.db, async (tx) => {
    const stored = await storeReply(tx, services, caller, { ticketId, body, byStaff });
    await recordIfActingAs(tx, caller, {
      action: 'ticket.replied', target: { type: 'ticket', id: ticketId }, after: { replyId: stored.id, status: stored.status }, at: stored.createdAt,
    });
    return stored;
  }, services.log);
  return {
    id: reply.id, authorName: byStaff ? staffAuthorName(reply.authorName) : reply.authorName, body: reply.body, createdAt: reply.createdAt,
    byTicketOwner: !byStaff && caller.userId === reply.ticketAuthorId, byStaff,
  };
}

/** Closes the ticket (nothing changes when it already is); audited when an operator acts as the account. */
export async function closeTicket(services: Services, caller: Caller, ticketId: string): Promise<void> {
  await inTransaction(services.db, async (tx) => {
    const { before } = await changeStatus(tx, services, caller, ticketId, 'closed');
    await recordIfActingAs(tx, caller, {
      action: 'ticket.closed', target: { type: 'ticket', id: ticketId }, before: { status: before }, after: { status: 'closed' }, at: services.clock.nowIso(),
    });
  }, services.log);
}
