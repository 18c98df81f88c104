import type { Kysely } from 'kysely';
import type { AccountRole } from '../../../common/constants.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../rpc/context.ts';
import { notFound } from '../../rpc/errors.ts';
import { administers, effectiveRole, requireMember } from '../../access/accountAccess.ts';
import { findTicketAccessFacts } from './repository.ts';

export const TICKET_NOT_FOUND = 'Ticket not found.';

/** Any member of an account may open a ticket there. */
export function requireTicketSubmitter(db: Kysely<Database>, caller: Caller, accountId: string): Promise<AccountRole> {
  return requireMember(db, caller, accountId);
}

/**
 * May this caller read and reply to this ticket? Its author always; the owner and admins of
 * the ticket's account; nobody else: not plain co-members, and not a global super admin who
 * is not in the account (unless impersonating it, audited). `storedRole` is the caller's
 * membership role in the ticket's account as read with the ticket. An operator acting as an
 * account reaches no ticket outside it, their own included.
 */
export function mayAccessTicket(caller: Caller, ticket: { authorId: string; accountId: string }, storedRole: AccountRole | null): boolean {
  const ownTicket = ticket.authorId === caller.userId && (!caller.actingAs || caller.actingAs.accountId === ticket.accountId);
  return ownTicket || administers(effectiveRole(caller, ticket.accountId, storedRole));
}

export interface TicketListScope {
  /** Only this user's tickets, or everyone's (of `accountId`) when null. */
  authorId: string | null;
  /** Only this account's tickets, or every account's when null. */
  accountId: string | null;
}

/**
 * The ticket list shows a caller only the tickets they opened, in every account (spec: filtered
 * by the user's id). An impersonating operator stands in for the account's people, so they see
 * every ticket of the account acted as (each one getTicket lets them read, as an account admin)
 * and nothing outside it.
 */
export function ticketListScope(caller: Caller): TicketListScope {
  if (caller.actingAs) return { authorId: null, accountId: caller.actingAs.accountId };
  return { authorId: caller.userId, accountId: null };
}

/**
 * Throws NOT_FOUND both for unknown ids and for tickets the caller may not see, so the
 * answer does not tell an outsider whether a ticket exists.
 */
export async function requireTicketAccess(db: Kysely<Database>, caller: Caller, ticketId: string): Promise<{ authorId: string; accountId: string }> {
  const facts = await findTicketAccessFacts(db, ticketId, caller.userId);
  const ticket = facts && { authorId: facts.author_id, accountId: facts.account_id };
  if (!ticket || !mayAccessTicket(caller, ticket, facts.caller_role ?? null)) throw notFound(TICKET_NOT_FOUND);
  return ticket;
}
