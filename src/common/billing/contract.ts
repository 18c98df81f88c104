import { z } from 'zod';
import { INVOICE_STATUSES, PRICE_INTERVALS, SUBSCRIPTION_STATUSES } from './billing.ts';
import { allow, defineContract } from '../protocol.ts';
import { paymentMode } from '../catalog/contract.ts';
import { accountId, id, isoDate } from '../contracts/shared.ts';
import { hostingOrderInput } from '../hosting/orderFields.ts';

// The spec's texts live apart from the schemas, so pages that show them do not load zod.
export * from './texts.ts';
import { BILLING_EMAIL_REQUIRED } from './texts.ts';

export const billingProfile = z.object({
  billingName: z.string(),
  billingEmail: z.string(),
  billingAddress: z.string(),
  taxId: z.string(),
});
export type BillingProfile = z.infer<typeof billingProfile>;

export const subscriptionSummary = z.object({
  id: z.string(),
  productName: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  unitAmount: z.number().int(),
  currency: z.string(),
  interval: z.enum(PRICE_INTERVALS).nullable(),
  currentPeriodEnd: isoDate.nullable(),
  cancelAtPeriodEnd: z.boolean(),
  canceledAt: isoDate.nullable(),
});
export type SubscriptionSummary = z.infer<typeof subscriptionSummary>;

export const invoiceSummary = z.object({
  id: z.string(),
  number: z.string(),
  invoiceDate: isoDate,
  amountCents: z.number().int(),
  currency: z.string(),
  status: z.enum(INVOICE_STATUSES),
  periodStart: isoDate.nullable(),
  periodEnd: isoDate.nullable(),
  /** Given back on the invoice's payment (a refunded domain order); the invoice stays paid, as at the provider. */
  refundedCents: z.number().int(),
  refundedAt: isoDate.nullable(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummary>;

export const invoiceLine = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitAmountCents: z.number().int(),
  amountCents: z.number().int(),
  periodStart: isoDate.nullable(),
  periodEnd: isoDate.nullable(),
});

export const invoiceDetail = invoiceSummary.extend({
  accountId: z.string(),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  paidAt: isoDate.nullable(),
  billingName: z.string(),
  billingEmail: z.string(),
  billingAddress: z.string(),
  taxId: z.string(),
  lines: z.array(invoiceLine),
  /** GET this path (signed in) for the PDF. */
  pdfPath: z.string(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

export const createStripeCheckoutSession = defineContract({
  name: 'createStripeCheckoutSession',
  summary: 'Starts the payment provider\'s hosted checkout for a price, for the account; answers the session id and the page to send the customer to. '
    + 'A hosting plan that asks for the primary domain needs it in `hosting`; a plan without hosting refuses `hosting`.',
  access: 'user',
  kind: 'write',
  permissions: allow.accountAdmins,
  input: z.object({ priceId: id('Price ID'), accountId, hosting: hostingOrderInput.optional() }).strict(),
  output: z.object({ sessionId: z.string(), url: z.string() }),
});

export const createAccountStripePortalLink = defineContract({
  name: 'createAccountStripePortalLink',
  summary: 'A link to the payment provider\'s customer portal for the account (card, cancel, resume); the account must have a customer.',
  access: 'user',
  kind: 'write',
  permissions: allow.accountAdmins,
  input: z.object({ accountId }).strict(),
  output: z.object({ url: z.string() }),
});

export const getBillingOverview = defineContract({
  name: 'getBillingOverview',
  summary: 'The account\'s billing profile, payment customer, subscriptions and latest invoice, and whether the caller may edit them.',
  access: 'user',
  kind: 'read',
  permissions: allow.members,
  input: z.object({ accountId }).strict(),
  output: z.object({
    account: z.object({ id: z.string(), name: z.string() }),
    profile: billingProfile,
    customerId: z.string().nullable(),
    canEdit: z.boolean(),
    paymentMode: paymentMode,
    subscriptions: z.array(subscriptionSummary),
    latestInvoice: invoiceSummary.nullable(),
  }),
});

const optionalText = (what: string, max: number) =>
  z.string({ error: `${what} must be text.` }).trim().max(max, `${what} must be at most ${max} characters.`).default('');

export const updateBillingProfile = defineContract({
  name: 'updateBillingProfile',
  summary: 'Saves the account\'s billing contact, e-mail (lower-cased), address and tax ID; its owner and admins only.',
  access: 'user',
  kind: 'write',
  permissions: allow.accountAdmins,
  input: z.object({
    accountId,
    billingName: optionalText('Billing contact name', 200),
    billingEmail: z.string({ error: BILLING_EMAIL_REQUIRED }).trim().min(1, BILLING_EMAIL_REQUIRED)
      .max(254, 'Billing email must be at most 254 characters.')
      .pipe(z.email('Please enter a valid billing email address.')).transform((e) => e.toLowerCase()),
    billingAddress: optionalText('Billing address', 1_000),
    taxId: optionalText('Tax ID', 64),
  }).strict(),
  output: z.object({ success: z.literal(true), message: z.string(), profile: billingProfile }),
});

export const listInvoices = defineContract({
  name: 'listInvoices',
  summary: 'The account\'s invoices, newest first, a page at a time; for its members.',
  access: 'user',
  kind: 'read',
  permissions: allow.members,
  input: z.object({ accountId, cursor: z.string().max(200).nullish() }).strict(),
  output: z.object({ invoices: z.array(invoiceSummary), nextCursor: z.string().nullable() }),
});

export const getInvoice = defineContract({
  name: 'getInvoice',
  summary: 'One invoice with its lines and the billing details it was issued to; for members of its account (others: not found).',
  access: 'user',
  kind: 'read',
  permissions: { signedOut: 401, member: 200, admin: 200, owner: 200, outsider: 404, superAdmin: 404 },
  input: z.object({ invoiceId: id('Invoice ID') }).strict(),
  output: z.object({ invoice: invoiceDetail }),
});
