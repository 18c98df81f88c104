import { z } from 'zod';
import { STORED_INVITATION_STATUSES } from '../constants.ts';
import { allow, defineContract } from '../protocol.ts';
import { accountRole, empty, isoDate, successMessage } from '../contracts/shared.ts';

export const INVITATION_INVALID = 'This invitation is invalid, expired, or has already been accepted.';
export const INVITATION_NO_ID = 'No invitation ID provided in the URL.';
export const INVITATION_SIGN_IN = 'You need to be logged in to accept an invitation. Please log in or sign up.';
/** An unverified address may not see or accept invitations: anyone can sign up with any address. */
export const EMAIL_NOT_VERIFIED = 'Please verify your e-mail address to see and accept invitations. We sent you a link when you signed up.';
export const invitationWrongEmail = (email: string) =>
  `This invitation is for a different email address (${email}). Please log in with the correct account.`;

const invitationId = z.string({ error: INVITATION_NO_ID }).trim().min(1, INVITATION_NO_ID).max(128, INVITATION_INVALID);

export const invitationView = z.object({
  id: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  email: z.string(),
  role: accountRole,
  invitedByEmail: z.string(),
  status: z.enum([...STORED_INVITATION_STATUSES, 'expired']),
  createdAt: isoDate,
  expiresAt: isoDate,
});
export type InvitationView = z.infer<typeof invitationView>;

/**
 * Whether the caller may accept, computed by the server's policy so the page never re-derives
 * it: `invalid` (not pending or expired), `sign_in` (signed out), `wrong_email` (addressed to
 * another address). `message` is the text to show when refused.
 */
export const invitationAcceptance = z.object({
  allowed: z.boolean(),
  reason: z.enum(['invalid', 'sign_in', 'wrong_email', 'unverified']).nullable(),
  message: z.string().nullable(),
});
export type InvitationAcceptance = z.infer<typeof invitationAcceptance>;

export const getInvitation = defineContract({
  name: 'getInvitation',
  summary: 'An invitation by its unguessable id (the id is the capability; no sign-in needed to view).',
  access: 'public',
  kind: 'read',
  permissions: allow.everyone,
  input: z.object({ invitationId }),
  output: invitationView.extend({ acceptance: invitationAcceptance }),
});

export const acceptInvitation = defineContract({
  name: 'acceptInvitation',
  summary: 'Accepts a pending invitation addressed to the caller\'s e-mail and makes that account active.',
  access: 'user',
  kind: 'write',
  permissions: allow.signedIn,
  unauthenticatedMessage: INVITATION_SIGN_IN,
  input: z.object({ invitationId }),
  output: successMessage.extend({ accountId: z.string() }),
});

export const listMyInvitations = defineContract({
  name: 'listMyInvitations',
  summary: 'Pending, unexpired invitations addressed to the caller\'s e-mail; none until that address is verified.',
  access: 'user',
  kind: 'read',
  permissions: allow.signedIn,
  input: empty,
  output: z.object({ invitations: z.array(invitationView), emailVerified: z.boolean() }),
});
