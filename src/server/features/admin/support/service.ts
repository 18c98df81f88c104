import type { Kysely } from 'kysely';
import type { StaffTicketReply } from '../../../../common/admin/support/contract.ts';
import type { SortOrder } from '../../../../common/admin/users/contract.ts';
import type { TicketPriority, TicketStatus } from '../../../../common/constants.ts';
import { record } from '../../../audit/record.ts';
import type { Database } from '../../../db/schema.ts';
import { type BackOfficeWriteContext, operatorOf } from '../../../rpc/context.ts';
import { notFound } from '../../../rpc/errors.ts';
import { decodeStaffTicketCursor, encodeStaffTicketCursor } from './cursor.ts';
import { TICKET_NOT_FOUND, findStaffTicket, listReplies, changeStatus, pageOfStaffTickets, storeReply } from '../../tickets/index.ts';

export interface StaffTicketListInput {
  limit: number;
  startAfter?: string | null;
  status?: TicketStatus | null;
  priority?: TicketPriority | null;
  accountId?: string | null;
  text?: string | null;
  sortOrder: SortOrder;
}

/** Keyset pagination: one extra row tells whether another page exists. */
export async function pageOfAllTickets(db: Kysely<Database>, input: StaffTicketListInput) {
  const after = input.startAfter ? decodeStaffTicketCursor(input.startAfter, input.sortOrder) : null;
  const { tickets, next } = await pageOfStaffTickets(db, {
    limit: input.limit, status: input.status ?? null, priority: input.priority ?? null,
    accountId: input.accountId || null, text: input.text || null, sortOrder: input.sortOrder, after,
  });
  return { tickets, nextCursor: next ? encodeStaffTicketCursor(input.sortOrder, next) : null };
}

export async function staffTicketWithConversation(db: Kysely<Database>, ticketId: string) {
  const [ticket, replies] = await Promise.all([findStaffTicket(db, ticketId), listReplies(db, ticketId)]);
  if (!ticket) throw notFound(TICKET_NOT_FOUND);
  return {
    ticket,
    replies: replies.map((r): StaffTicketReply => ({
      id: r.id, userId: r.user_id, authorName: r.author_name, body: r.body, createdAt: r.created_at, byStaff: r.is_staff,
    })),
  };
}


export async function replyAsStaff(ctx: BackOfficeWriteContext, ticketId: string, body: string, status: TicketStatus | undefined) {
  const reply = await storeReply(ctx.tx, ctx.services, ctx.caller, { ticketId, body, byStaff: true, status });
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'ticket.staff_replied', target: { type: 'ticket', id: ticketId },
    after: { replyId: reply.id, status: reply.status }, requestId: ctx.requestId, at: reply.createdAt,
  });
  const out: StaffTicketReply = {
    id: reply.id, userId: reply.userId, authorName: reply.authorName, body: reply.body, createdAt: reply.createdAt, byStaff: true,
  };
  return { reply: out, status: reply.status };
}

export async function setStatusAsStaff(ctx: BackOfficeWriteContext, ticketId: string, status: TicketStatus) {
  const { before } = await changeStatus(ctx.tx, ctx.services, ctx.caller, ticketId, status);
  await record(ctx.tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'ticket.status_changed', target: { type: 'ticket', id: ticketId },
    before: { status: before }, after: { status }, requestId: ctx.requestId, at: ctx.services.clock.nowIso(),
  });
  return { ticketId, status };
}
