import { z } from 'zod';
import { ACCOUNT_STATUSES } from '../constants.ts';
import { allow, defineContract } from '../protocol.ts';
import { accountId, isoDate } from './shared.ts';

export const getDashboard = defineContract({
  name: 'getDashboard',
  summary: 'The active account\'s overview: the account, its open-ticket count and its last invoice.',
  access: 'user',
  kind: 'read',
  permissions: allow.members,
  input: z.object({ accountId }),
  output: z.object({
    account: z.object({ id: z.string(), name: z.string(), status: z.enum(ACCOUNT_STATUSES) }),
    openTicketCount: z.number().int(),
    lastInvoice: z.object({ amountCents: z.number().int(), currency: z.string(), invoiceDate: isoDate }).nullable(),
  }),
});
