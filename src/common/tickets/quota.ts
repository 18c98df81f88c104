/** Tickets cost the provider staff time and mail: at most this many new ones per account in a rolling 24 hours. */
export const TICKETS_PER_ACCOUNT_PER_DAY = 50;
export const TICKET_QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000;

export const TICKET_QUOTA_REACHED = `This account has opened ${TICKETS_PER_ACCOUNT_PER_DAY} tickets in the last 24 hours, the most allowed. `
  + 'Please add to an open ticket, or try again tomorrow.';
/** A removed member reading a ticket they wrote while in the account (the account's setting allows it). */
export const TICKET_READ_ONLY = 'You are no longer a member of this ticket\'s account: you can read this ticket but not reply to it or close it.';
