import * as support from '../../../../common/admin/support/contract.ts';
import { implement } from '../../../rpc/registry.ts';
import { requireOperator } from '../policy.ts';
import { pageOfAllTickets, replyAsStaff, setStatusAsStaff, staffTicketWithConversation } from './service.ts';

/** The support desk (issue 8): every ticket, staff replies and statuses. */
export const handlers = [
  implement(support.listAllTickets, async (input, { caller, services }) => {
    requireOperator(caller);
    return pageOfAllTickets(services.db, input);
  }),

  implement(support.getTicketForStaff, async ({ ticketId }, { caller, services }) => {
    requireOperator(caller);
    return staffTicketWithConversation(services.db, ticketId);
  }),

  implement(support.replyToTicketAsStaff, async ({ ticketId, body, status }, ctx) => {
    requireOperator(ctx.caller);
    return replyAsStaff(ctx, ticketId, body, status);
  }),

  implement(support.setTicketStatus, async ({ ticketId, status }, ctx) => {
    requireOperator(ctx.caller);
    return setStatusAsStaff(ctx, ticketId, status);
  }),
];
