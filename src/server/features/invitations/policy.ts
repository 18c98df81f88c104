import type { Kysely } from 'kysely';
import { EMAIL_NOT_VERIFIED, INVITATION_INVALID, invitationWrongEmail } from '../../../common/contracts/invitations.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../rpc/context.ts';
import { failedPrecondition, permissionDenied } from '../../rpc/errors.ts';
import { requireAccountAdmin } from '../accounts/policy.ts';
import type { InvitationRow } from './repository.ts';

/** Inviting is member management: owners and account admins only. */
export async function requireInviter(db: Kysely<Database>, caller: Caller, accountId: string) {
  return requireAccountAdmin(db, caller, accountId);
}

export function isExpired(row: { expires_at: Date | string }, now: Date): boolean {
  return new Date(row.expires_at).getTime() <= now.getTime();
}

/**
 * Who may accept: anyone signed in whose e-mail is the invited one (the id itself is the
 * unguessable capability) and proven theirs, only while the invitation is pending and unexpired.
 * Without the proof, whoever signed up first with the invited address would join the account.
 */
export function requireAcceptable(invitation: InvitationRow | undefined, caller: Caller, emailVerified: boolean, now: Date): InvitationRow {
  if (!invitation || invitation.status !== 'pending' || isExpired(invitation, now)) throw failedPrecondition(INVITATION_INVALID);
  if (invitation.email.toLowerCase() !== caller.email.toLowerCase()) throw permissionDenied(invitationWrongEmail(invitation.email));
  if (!emailVerified) throw failedPrecondition(EMAIL_NOT_VERIFIED);
  return invitation;
}

/**
 * Invitations are listed only to a verified address (e-mail link, or Google, which vouches for
 * its addresses): the list is where a taker would discover what to accept.
 */
export function mayListInvitations(emailVerified: boolean): boolean {
  return emailVerified;
}
