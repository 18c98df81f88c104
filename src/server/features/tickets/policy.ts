import type { Kysely } from 'kysely';
import type { AccountRole } from '../../../common/constants.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../rpc/context.ts';
import { DEFAULT_REMOVED_MEMBER_TICKET_ACCESS, type RemovedMemberTicketAccess } from '../../../common/accounts/ticketAccessSetting.ts';
import { TICKET_QUOTA_REACHED, TICKET_READ_ONLY, TICKETS_PER_ACCOUNT_PER_DAY } from '../../../common/tickets/quota.ts';
import { notFound, permissionDenied, resourceExhausted } from '../../rpc/errors.ts';
import { administers, effectiveRole, requireMember } from '../../access/accountAccess.ts';
import { findTicketAccessFacts } from './repository.ts';

export const TICKET_NOT_FOUND = 'Ticket not found.';

/** Any member of an account may open a ticket there. */
export function requireTicketSubmitter(db: Kysely<Database>, caller: Caller, accountId: string): Promise<AccountRole> {
  return requireMember(db, caller, accountId);
}

/** How far a caller reaches into one ticket: read and write (reply, close), read only, or not at all. */
export type TicketAccessLevel = 'write' | 'read' | 'none';

/**
 * May this caller read and reply to this ticket? Its author while a member of its account; the
 * owner and admins of the ticket's account; nobody else: not plain co-members, and not a global
 * super admin who is not in the account (unless impersonating it, audited). An author removed
 * from the account reads what they wrote only if the account allows it (`removedAccess`, the
 * account's setting, read-only by default) and never writes there again. `storedRole` is the
 * caller's membership role in the ticket's account as read with the ticket. An operator acting
 * as an account reaches no ticket outside it, their own included.
 */
export function ticketAccessLevel(
  caller: Caller, ticket: { authorId: string; accountId: string }, storedRole: AccountRole | null, removedAccess: RemovedMemberTicketAccess,
): TicketAccessLevel {
  const role = effectiveRole(caller, ticket.accountId, storedRole);
  if (administers(role)) return 'write';
  const ownTicket = ticket.authorId === caller.userId && (!caller.actingAs || caller.actingAs.accountId === ticket.accountId);
  if (!ownTicket) return 'none';
  if (role !== null) return 'write';
  return removedAccess === 'read_only' ? 'read' : 'none';
}

export function mayAccessTicket(
  caller: Caller, ticket: { authorId: string; accountId: string }, storedRole: AccountRole | null,
  removedAccess: RemovedMemberTicketAccess = DEFAULT_REMOVED_MEMBER_TICKET_ACCESS,
): boolean {
  return ticketAccessLevel(caller, ticket, storedRole, removedAccess) !== 'none';
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
 * answer does not tell an outsider whether a ticket exists. Answers whether the caller may
 * also write (reply, close): a removed member may be left with reading only.
 */
export async function requireTicketAccess(db: Kysely<Database>, caller: Caller, ticketId: string): Promise<{ authorId: string; accountId: string; canReply: boolean }> {
  const facts = await findTicketAccessFacts(db, ticketId, caller.userId);
  if (!facts) throw notFound(TICKET_NOT_FOUND);
  const ticket = { authorId: facts.author_id, accountId: facts.account_id };
  const level = ticketAccessLevel(caller, ticket, facts.caller_role ?? null, facts.removed_member_access ?? DEFAULT_REMOVED_MEMBER_TICKET_ACCESS);
  if (level === 'none') throw notFound(TICKET_NOT_FOUND);
  return { ...ticket, canReply: level === 'write' };
}

/** Replying to or closing a ticket: readers left with read-only access are told why they cannot. */
export async function requireTicketWriter(db: Kysely<Database>, caller: Caller, ticketId: string): Promise<{ authorId: string; accountId: string }> {
  const access = await requireTicketAccess(db, caller, ticketId);
  if (!access.canReply) throw permissionDenied(TICKET_READ_ONLY);
  return access;
}

/**
 * Any member may open a ticket, up to the account's daily quota (tickets cost staff time and
 * mail). `openedSince` counts the account's tickets of the last 24 hours.
 */
export function requireTicketQuota(openedSince: number): void {
  if (openedSince >= TICKETS_PER_ACCOUNT_PER_DAY) throw resourceExhausted(TICKET_QUOTA_REACHED);
}
