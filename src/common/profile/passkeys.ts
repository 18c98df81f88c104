import { z } from 'zod';
import { allow, defineContract } from '../protocol.ts';
import { empty, id } from '../contracts/shared.ts';
import { PASSKEY_NAME_REQUIRED, PASSKEY_NAME_TOO_LONG } from './passkeyTexts.ts';

/** The name a person gives a passkey; shared by the profile's rename and the registration endpoint. */
export const passkeyName = z.string({ error: PASSKEY_NAME_REQUIRED }).trim()
  .min(1, PASSKEY_NAME_REQUIRED).max(60, PASSKEY_NAME_TOO_LONG);

export const passkeyView = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PasskeyView = z.infer<typeof passkeyView>;

export const listMyPasskeys = defineContract({
  name: 'listMyPasskeys',
  summary: 'The caller\'s passkeys: name, when added and when last used to sign in.',
  access: 'user',
  kind: 'read',
  permissions: allow.signedIn,
  input: empty,
  output: z.object({ passkeys: z.array(passkeyView) }),
});

export const renamePasskey = defineContract({
  name: 'renamePasskey',
  summary: 'Renames one of the caller\'s passkeys.',
  access: 'user',
  kind: 'write',
  permissions: allow.signedIn,
  input: z.object({ passkeyId: id('Passkey ID'), name: passkeyName }).strict(),
  output: passkeyView,
});

export const removePasskey = defineContract({
  name: 'removePasskey',
  summary: 'Removes one of the caller\'s passkeys: it no longer signs anyone in.',
  access: 'user',
  kind: 'write',
  permissions: allow.signedIn,
  input: z.object({ passkeyId: id('Passkey ID') }).strict(),
  output: z.object({ success: z.literal(true) }),
});
