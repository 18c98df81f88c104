/** The sentences of the back office's support desk (issue 8); pages import these, never zod. */

export const TICKETS_PAGE_SIZE = 25;
export const TICKETS_PAGE_MAX = 100;
export const TICKET_TEXT_FILTER_MAX = 200;

export const INVALID_TICKETS_CURSOR = 'The page cursor is not valid. Reload the list.';
export const STAFF_REPLY_SENT = 'Reply sent. The customer has been e-mailed.';
export const STATUS_CHANGED = 'Ticket status updated.';

export const NO_TICKETS = 'No tickets found matching your criteria';
export const FAILED_TO_LOAD_TICKETS = 'Failed to load tickets';
export const FAILED_TO_LOAD_TICKET = 'Failed to load ticket';
export const FAILED_TO_REPLY = 'Failed to send the reply';
export const FAILED_TO_CHANGE_STATUS = 'Failed to change the ticket status';
export const NO_REPLIES_YET = 'No replies yet. Write the first answer below.';
/** The label of the reply button: the status the reply leaves the ticket in. */
export const REPLY_AND_MARK = (statusLabel: string) => `Reply and mark as ${statusLabel.toLowerCase()}`;
