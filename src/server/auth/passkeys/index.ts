/** Passkeys' public face: the better-auth plugin, and what other modules may ask about a user's passkeys. */
export { passkeys, PASSKEY_CHALLENGE_TTL_MS } from './plugin.ts';
export { deleteAllPasskeysOf, userHasPasskey, listPasskeysOf, renamePasskeyOf, deletePasskeyOf, type PasskeySummary } from './repository.ts';
