import type { Kysely } from 'kysely';
import { EMAIL_NOT_VERIFIED, INVITATION_INVALID, INVITATION_SIGN_IN, type InvitationAcceptance, invitationWrongEmail } from '../../../common/invitations/contract.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../rpc/context.ts';
import { failedPrecondition, permissionDenied } from '../../rpc/errors.ts';
import type { AccountRole } from '../../../common/constants.ts';
import {
  IMPERSONATION_CANNOT_ACCEPT, IMPERSONATION_CANNOT_INVITE, INVITATION_EXPIRED, INVITATION_REVOKED,
} from '../../../common/invitations/texts.ts';
import { administers, requireAccountAdmin } from '../../access/accountAccess.ts';
import type { InvitationRow } from './repository.ts';

/**
 * Inviting is member management: owners and account admins only. An operator acting as the
 * account may not: who joins a customer's account is the customer's decision alone.
 */
export async function requireInviter(db: Kysely<Database>, caller: Caller, accountId: string) {
  const role = await requireAccountAdmin(db, caller, accountId);
  if (caller.actingAs) throw permissionDenied(IMPERSONATION_CANNOT_INVITE);
  return role;
}

/**
 * The account's pending invitations are seen and revoked by those who may manage members,
 * an impersonating operator included (support may clean up a customer's stale invitations).
 */
export function requireInvitationManager(db: Kysely<Database>, caller: Caller, accountId: string) {
  return requireAccountAdmin(db, caller, accountId);
}

/** An operator acting as an account never joins another one through the impersonated session. */
export function requireNotImpersonating(caller: Caller): void {
  if (caller.actingAs) throw permissionDenied(IMPERSONATION_CANNOT_ACCEPT);
}

/** Whether a member with this role may still invite (and so keep the invitations they sent). */
export const mayInvite = (role: AccountRole): boolean => administers(role);

export function isExpired(row: { expires_at: string }, now: Date): boolean {
  return Date.parse(row.expires_at) <= now.getTime();
}

/**
 * Who may accept: anyone signed in whose e-mail is the invited one (the id itself is the
 * unguessable capability) and proven theirs, only while the invitation is pending and unexpired.
 * Without the proof, whoever signed up first with the invited address would join the account.
 * getInvitation reports this answer; acceptInvitation enforces it.
 */
export function acceptance(invitation: InvitationRow, caller: Caller | null, now: Date): InvitationAcceptance {
  if (invitation.status === 'revoked') return refused('invalid', INVITATION_REVOKED);
  if (invitation.status === 'pending' && isExpired(invitation, now)) return refused('invalid', INVITATION_EXPIRED);
  if (invitation.status !== 'pending') return refused('invalid', INVITATION_INVALID);
  if (!caller) return refused('sign_in', INVITATION_SIGN_IN);
  if (invitation.email.toLowerCase() !== caller.email.toLowerCase()) return refused('wrong_email', invitationWrongEmail(invitation.email));
  if (!caller.emailVerified) return refused('unverified', EMAIL_NOT_VERIFIED);
  return { allowed: true, reason: null, message: null };
}

function refused(reason: NonNullable<InvitationAcceptance['reason']>, message: string): InvitationAcceptance {
  return { allowed: false, reason, message };
}

export function requireAcceptable(invitation: InvitationRow | undefined, caller: Caller, now: Date): InvitationRow {
  if (!invitation) throw failedPrecondition(INVITATION_INVALID);
  const answer = acceptance(invitation, caller, now);
  if (answer.reason === 'invalid' || answer.reason === 'unverified') throw failedPrecondition(answer.message!);
  if (!answer.allowed) throw permissionDenied(answer.message ?? undefined);
  return invitation;
}

/**
 * Invitations are listed only to a verified address (e-mail link, or Google, which vouches for
 * its addresses): the list is where a taker would discover what to accept.
 */
export function mayListInvitations(caller: Caller): boolean {
  return caller.emailVerified;
}
