import type { Caller } from '../../rpc/context.ts';
import { notFound } from '../../rpc/errors.ts';
import { PASSKEY_NOT_FOUND } from '../../../common/profile/passkeyTexts.ts';

/**
 * Whose passkeys a caller may list, rename and remove: their own only, whatever their roles (a
 * global super admin included). Every query is scoped to this user id, so another user's passkey
 * is simply not found: the answer never tells that it exists.
 */
export function passkeyOwnerFor(caller: Caller): string {
  return caller.userId;
}

/** The answer for a passkey the caller does not own, or that does not exist. */
export function passkeyNotFound() {
  return notFound(PASSKEY_NOT_FOUND);
}
