import { z } from 'zod';
import { defineContract } from '../protocol.ts';
import { accountId, id, successMessage } from '../contracts/shared.ts';

export const ONLY_OWNER_TRANSFERS = 'Only the account owner can hand the account to someone else.';
export const NEW_OWNER_NOT_MEMBER = 'The new owner must already be a member of the account.';
export const ALREADY_OWNER = 'You already own this account.';
export const IMPERSONATION_CANNOT_TRANSFER = 'You are acting as this account: only its owner can hand it to someone else.';
export const OWNERSHIP_TRANSFERRED = 'Ownership transferred. You are now an admin of the account.';

export const transferAccountOwnership = defineContract({
  name: 'transferAccountOwnership',
  summary: 'The owner hands the account to another member, who becomes its owner; the former owner stays as an admin.',
  access: 'user',
  kind: 'write',
  // The owner only: admins and members are refused, as is anyone outside the account.
  permissions: { signedOut: 401, member: 403, admin: 403, owner: 200, outsider: 403, superAdmin: 403 },
  input: z.object({ accountId, newOwnerUid: id('New owner ID') }).strict(),
  output: successMessage,
});
