import { z } from 'zod';
import { INVOICE_STATUSES } from '../billing/billing.ts';
import { ACCOUNT_STATUSES } from '../constants.ts';
import { allow, defineContract } from '../protocol.ts';
import { accountId, isoDate } from '../contracts/shared.ts';

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
    lastInvoice: z.object({
      id: z.string(), amountCents: z.number().int(), currency: z.string(), invoiceDate: isoDate, status: z.enum(INVOICE_STATUSES),
    }).nullable(),
    /** A subscription whose renewal payment failed (past due), to show on the Billing card. */
    pastDueSubscription: z.object({ id: z.string(), productName: z.string() }).nullable(),
  }),
});
