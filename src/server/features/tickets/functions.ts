import * as tickets from '../../../common/tickets/contract.ts';
import { implement } from '../../rpc/registry.ts';
import { requireTicketAccess, requireTicketSubmitter, requireTicketWriter, ticketListScope } from './policy.ts';
import { closeTicket, openTicket, pageOfMyTickets, replyToTicket, ticketWithConversation } from './service.ts';

export const handlers = [
  implement(tickets.submitTicket, async (input, { caller, services }) => {
    await requireTicketSubmitter(services.db, caller, input.accountId);
    const ticketId = await openTicket(services, caller, input);
    return { ticketId, message: tickets.TICKET_SUBMITTED };
  }),

  implement(tickets.listMyTickets, async ({ limit, cursor }, { caller, services }) =>
    pageOfMyTickets(services.db, ticketListScope(caller), limit, cursor)),

  implement(tickets.getTicket, async ({ ticketId }, { caller, services }) => {
    const { canReply } = await requireTicketAccess(services.db, caller, ticketId);
    return ticketWithConversation(services.db, ticketId, canReply);
  }),

  implement(tickets.addTicketReply, async ({ ticketId, body }, { caller, services }) => {
    await requireTicketWriter(services.db, caller, ticketId);
    return { reply: await replyToTicket(services, caller, ticketId, body) };
  }),

  implement(tickets.closeMyTicket, async ({ ticketId }, { caller, services }) => {
    await requireTicketWriter(services.db, caller, ticketId);
    await closeTicket(services, caller, ticketId);
    return { ticketId, status: 'closed' as const, message: tickets.TICKET_CLOSED };
  }),
];
