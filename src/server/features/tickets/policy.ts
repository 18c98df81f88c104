import type { Kysely } from 'kysely';
import type { AccountRole } from '../../../common/constants.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../rpc/context.ts';
import { notFound } from '../../rpc/errors.ts';
import { administers } from '../accounts/policy.ts';
import { findTicketAccessFacts } from './repository.ts';

export const TICKET_NOT_FOUND = 'Ticket not found.';

/**
 * May this caller read and reply to this ticket? Its author always; the owner and admins of
 * the ticket's account; nobody else: not plain co-members, and not a global super admin who
 * is not in the account (the back office is a separate, audited surface).
 */
export function mayAccessTicket(caller: Caller, ticket: { authorId: string }, callerRole: AccountRole | null): boolean {
  return ticket.authorId === caller.userId || administers(callerRole);
}

/** The ticket list shows a caller only the tickets they opened, in every account (spec: filtered by the user's id). */
export function ticketListScope(caller: Caller): { authorId: string } {
  return { authorId: caller.userId };
}

/**
 * Throws NOT_FOUND both for unknown ids and for tickets the caller may not see, so the
 * answer does not tell an outsider whether a ticket exists.
 */
export async function requireTicketAccess(db: Kysely<Database>, caller: Caller, ticketId: string): Promise<{ authorId: string; accountId: string }> {
  const facts = await findTicketAccessFacts(db, ticketId, caller.userId);
  const ticket = facts && { authorId: facts.author_id, accountId: facts.account_id };
  if (!ticket || !mayAccessTicket(caller, ticket, (facts.caller_role as AccountRole | null) ?? null)) throw notFound(TICKET_NOT_FOUND);
  return ticket;
}
