/** The invitations area's public face for other areas (back office: the mail outbox's link states). */
export { acceptedInvitationIds } from './acceptedInvitations.ts';
