/** The invitation texts issue 21 added: revocation, expiry, the per-account limits, impersonation. */

/** The invitation link after an owner or admin withdrew it. */
export const INVITATION_REVOKED = 'This invitation has been withdrawn. Use the link in the latest invitation e-mail, or ask the account for a new invitation.';
/** The invitation link after its 7 days ran out. */
export const INVITATION_EXPIRED = 'This invitation has expired. Ask the person who invited you to send a new one.';
/** An invitation that is not this account's, or does not exist: the same words, so ids are not probed. */
export const INVITATION_NOT_FOUND = 'Invitation not found.';
export const INVITATION_NOT_PENDING = 'Only a pending invitation can be revoked.';
export const INVITATION_REVOKED_DONE = 'Invitation revoked.';

export const tooManyPendingInvitations = (max: number) =>
  `This account already has ${max} pending invitations. Revoke some, or wait for them to be accepted or to expire, before inviting more.`;
export const tooManyInvitationsToAddress = (email: string, max: number) =>
  `${email} has been invited ${max} times in the last 24 hours. Please wait a day before inviting this address again.`;

/** Impersonation guards: support may help with an account but never let anyone in or join it themselves. */
export const IMPERSONATION_CANNOT_INVITE = 'You are acting as this account: invitations can only be sent by its own owner or admins.';
export const IMPERSONATION_CANNOT_ACCEPT = 'You are acting as an account: stop acting as it before accepting an invitation.';
