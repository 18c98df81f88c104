import { z } from 'zod';
import { allow, defineContract } from '../protocol.ts';
import { accountId, successMessage } from '../contracts/shared.ts';

/**
 * What a member removed from the account keeps of the tickets they wrote there: read them
 * without replying (the default), or nothing.
 */
export const REMOVED_MEMBER_TICKET_ACCESS = ['read_only', 'none'] as const;
export type RemovedMemberTicketAccess = (typeof REMOVED_MEMBER_TICKET_ACCESS)[number];
export const DEFAULT_REMOVED_MEMBER_TICKET_ACCESS: RemovedMemberTicketAccess = 'read_only';

export const REMOVED_MEMBER_TICKET_ACCESS_LABELS: Record<RemovedMemberTicketAccess, string> = {
  read_only: 'They can read the tickets they wrote here, but not reply',
  none: 'They lose access to the tickets they wrote here',
};

export const TICKET_ACCESS_SAVED = 'Setting saved.';

export const getAccountTicketAccess = defineContract({
  name: 'getAccountTicketAccess',
  summary: 'What members removed from the account keep of the tickets they wrote there.',
  access: 'user',
  kind: 'read',
  permissions: allow.accountAdmins,
  input: z.object({ accountId }),
  output: z.object({ removedMemberTicketAccess: z.enum(REMOVED_MEMBER_TICKET_ACCESS) }),
});

export const setAccountTicketAccess = defineContract({
  name: 'setAccountTicketAccess',
  summary: 'Sets what members removed from the account keep of the tickets they wrote there (read-only or nothing).',
  access: 'user',
  kind: 'write',
  permissions: allow.accountAdmins,
  input: z.object({
    accountId,
    removedMemberTicketAccess: z.enum(REMOVED_MEMBER_TICKET_ACCESS, { error: 'Choose read_only or none.' }),
  }).strict(),
  output: successMessage,
});
