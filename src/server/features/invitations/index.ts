/** The invitations area's public face for other areas (members: removal and demotion). */
export { revokeInvitationsOfSender } from './accountInvitations.ts';
export { mayInvite } from './policy.ts';
