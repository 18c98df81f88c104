import { z } from 'zod';
import { allow, defineContract } from '../protocol.ts';
import { empty } from '../contracts/shared.ts';

/** The rule for a person's display name, shared by updateProfile and the sign-up bridge. */
export const displayName = z.string({ error: 'Display name is required.' }).trim()
  .min(1, 'Display name is required.').max(100, 'Display name must be at most 100 characters.');

export const profileView = z.object({
  email: z.string(),
  displayName: z.string(),
  phoneNumber: z.string().nullable(),
  hasAccounts: z.boolean(),
  /** Sign-in asks for a code from an authenticator app (issue 21). */
  totpEnabled: z.boolean(),
});
export type ProfileView = z.infer<typeof profileView>;

export const getProfile = defineContract({
  name: 'getProfile',
  summary: 'The caller\'s profile and whether they belong to any account.',
  access: 'user',
  kind: 'read',
  permissions: allow.signedIn,
  input: empty,
  output: profileView,
});

export const updateProfile = defineContract({
  name: 'updateProfile',
  summary: 'Changes the caller\'s display name and phone number.',
  access: 'user',
  kind: 'write',
  permissions: allow.signedIn,
  input: z.object({
    displayName,
    phoneNumber: z.string().trim().max(32, 'Phone number must be at most 32 characters.')
      .refine((v) => v === '' || /^\+?[0-9 ()./-]{5,32}$/.test(v), 'Please enter a valid phone number (digits, spaces, + - ( ) only).')
      .nullish(),
  }).strict(),
  output: profileView,
});
