/** The tickets area's public face: what the support desk and the home page may read and call. */
export { TICKET_NOT_FOUND } from './policy.ts';
export { openTicketCount } from './fragments.ts';
export { listReplies } from './repository.ts';
export { changeStatus, storeReply } from './ticketUpdates.ts';
export { findStaffTicket, pageOfStaffTickets, ticketsOfAccount } from './supportDesk.ts';
export type { StaffTicketPosition } from './supportDesk.ts';
