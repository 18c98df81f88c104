/** The invitations area's public face for other areas (members: removal and demotion; back office: the mail outbox's link states). */
export { acceptedInvitationIds } from './acceptedInvitations.ts';
export { revokeInvitationsOfSender } from './accountInvitations.ts';
export { mayInvite } from './policy.ts';
