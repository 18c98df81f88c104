import { randomUUID } from 'node:crypto';
import type { TicketStatus } from '../../../common/constants.ts';
import { liveTopics } from '../../../common/live.ts';
import type { Tx } from '../../db/transaction.ts';
import { byCaller, recordEvent } from '../../events/recordEvent.ts';
import type { Caller, Services } from '../../rpc/context.ts';
import { notFound } from '../../rpc/errors.ts';
import { TICKET_NOT_FOUND } from './policy.ts';
import { findTicketForUpdate, insertReply, updateTicketState } from './repository.ts';
import { staffReplyMail } from './ticketReplyMail.ts';

export interface StoredReply {
  id: string;
  userId: string;
  authorName: string;
  body: string;
  createdAt: string;
  byStaff: boolean;
  /** The ticket's status after the reply, and its author. */
  status: TicketStatus;
  ticketAuthorId: string;
  accountId: string;
}

/**
 * Stores a reply in the caller's unit of work with what follows from it: the ticket's new status
 * (a staff reply leaves it answered unless told otherwise, a customer's reopens it as
 * customer-reply), its last activity, the event, and for a staff reply the author's e-mail
 * (outbox, same unit of work); pages open on the ticket refetch once it commits.
 */
export async function storeReply(
  tx: Tx, { mailer, config, live, clock }: Pick<Services, 'mailer' | 'config' | 'live' | 'clock'>, caller: Caller,
  reply: { ticketId: string; body: string; byStaff: boolean; status?: TicketStatus },
): Promise<StoredReply> {
  const ticket = await findTicketForUpdate(tx.db, reply.ticketId);
  if (!ticket) throw notFound(TICKET_NOT_FOUND);
  const id = randomUUID();
  const now = clock.nowIso();
  const status = reply.status ?? (reply.byStaff ? 'answered' : 'customer-reply');
  await insertReply(tx.db, { id, ticketId: ticket.id, userId: caller.userId, authorName: caller.name, body: reply.body, isStaff: reply.byStaff, now });
  await updateTicketState(tx.db, ticket.id, { status, now });
  await recordEvent(tx, {
    type: 'support.ticket.replied', accountId: ticket.account_id, actor: byCaller(caller),
    payload: { ticketId: ticket.id, replyId: id, byStaff: reply.byStaff, status }, at: now,
  });
  if (reply.byStaff) {
    await recordEvent(tx, {
      type: 'support.ticket.answered', accountId: ticket.account_id, actor: byCaller(caller),
      payload: { ticketId: ticket.id, replyId: id, subject: ticket.subject, status }, at: now,
    });
    await mailer.send(tx, staffReplyMail(config, {
      to: ticket.author_email, ticketId: ticket.id, subject: ticket.subject, body: reply.body, staffName: caller.name,
    }));
  }
  live.publish(tx, liveTopics.ticket(ticket.id), 'ticket.replied');
  return {
    id, userId: caller.userId, authorName: caller.name, body: reply.body, createdAt: now, byStaff: reply.byStaff,
    status, ticketAuthorId: ticket.user_id, accountId: ticket.account_id,
  };
}

/** Sets a ticket's status in the caller's unit of work; returns the status it had, or throws NOT_FOUND. */
export async function changeStatus(
  tx: Tx, { live, clock }: Pick<Services, 'live' | 'clock'>, caller: Caller, ticketId: string, status: TicketStatus,
): Promise<{ before: TicketStatus; accountId: string }> {
  const ticket = await findTicketForUpdate(tx.db, ticketId);
  if (!ticket) throw notFound(TICKET_NOT_FOUND);
  if (ticket.status !== status) {
    const now = clock.nowIso();
    await updateTicketState(tx.db, ticket.id, { status, now });
    await recordEvent(tx, {
      type: 'support.ticket.status_changed', accountId: ticket.account_id, actor: byCaller(caller),
      payload: { ticketId: ticket.id, from: ticket.status, to: status }, at: now,
    });
    live.publish(tx, liveTopics.ticket(ticket.id), 'ticket.status_changed');
  }
  return { before: ticket.status, accountId: ticket.account_id };
}
