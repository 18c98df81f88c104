import * as tickets from '../../../common/contracts/tickets.ts';
import { implement } from '../../rpc/registry.ts';
import { requireTicketAccess, requireTicketSubmitter, ticketListScope } from './policy.ts';
import { openTicket, pageOfMyTickets, replyToTicket, ticketWithConversation } from './service.ts';

export const handlers = [
  implement(tickets.submitTicket, async (input, { caller, services }) => {
    await requireTicketSubmitter(services.db, caller, input.accountId);
    const ticketId = await openTicket(services.db, caller, input);
    return { ticketId, message: tickets.TICKET_SUBMITTED };
  }),

  implement(tickets.listMyTickets, async ({ limit, cursor }, { caller, services }) =>
    pageOfMyTickets(services.db, ticketListScope(caller), limit, cursor)),

  implement(tickets.getTicket, async ({ ticketId }, { caller, services }) => {
    await requireTicketAccess(services.db, caller, ticketId);
    return ticketWithConversation(services.db, ticketId);
  }),

  implement(tickets.addTicketReply, async ({ ticketId, body }, { caller, services }) => {
    const ticket = await requireTicketAccess(services.db, caller, ticketId);
    return { reply: await replyToTicket(services, caller, { id: ticketId, ...ticket }, body) };
  }),
];
