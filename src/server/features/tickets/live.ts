import { getTicket } from '../../../common/tickets/contract.ts';
import { defineLiveTopic } from '../../live/topics.ts';
import { requireTicketAccess } from './policy.ts';

/** `ticket/{ticketId}`: a ticket's conversation, for whoever getTicket lets read it. */
export const ticketTopic = defineLiveTopic({
  pattern: 'ticket/:ticketId',
  readsLike: getTicket,
  input: ({ ticketId }) => ({ ticketId }),
  authorize: ({ ticketId }, { caller, services }) => requireTicketAccess(services.db, caller, ticketId),
});
