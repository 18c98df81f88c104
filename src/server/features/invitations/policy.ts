import type { Kysely } from 'kysely';
import { INVITATION_INVALID, invitationWrongEmail } from '../../../common/contracts/invitations.ts';
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
 * unguessable capability), and only while the invitation is pending and unexpired.
 */
export function requireAcceptable(invitation: InvitationRow | undefined, caller: Caller, now: Date): InvitationRow {
  if (!invitation || invitation.status !== 'pending' || isExpired(invitation, now)) throw failedPrecondition(INVITATION_INVALID);
  if (invitation.email.toLowerCase() !== caller.email.toLowerCase()) throw permissionDenied(invitationWrongEmail(invitation.email));
  return invitation;
}
