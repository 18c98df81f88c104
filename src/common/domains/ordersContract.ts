import { z } from 'zod';
import {
  CONTACT_COUNTRIES, DEFAULT_CONTACT_COUNTRY, INVALID_PHONE, missingFieldMessage, ORDER_KINDS, ORDER_STATUSES, PAYMENT_STATUSES,
  REGISTRATION_STATUSES, REGISTRATION_YEARS, toRegistrarPhone,
} from './orders.ts';
import { RENEWAL_YEARS } from './domains.ts';
import { allow, defineContract } from '../protocol.ts';
import { domainName } from './names.ts';
import { accountId, id, isoDate } from '../contracts/shared.ts';

const required = (field: Parameters<typeof missingFieldMessage>[0], max: number) =>
  z.string({ error: missingFieldMessage(field) }).trim().min(1, missingFieldMessage(field)).max(max, `The ${field.replace(/([A-Z])/g, ' $1').toLowerCase()} is too long.`);

/** The registration form's contact (spec §3 domain order contactInfo); it becomes every role's contact at the registrar. */
export const contactInfo = z.object({
  firstName: required('firstName', 60),
  lastName: required('lastName', 60),
  email: required('email', 254).toLowerCase().pipe(z.email('Please enter a valid email address.')),
  phone: required('phone', 30),
  organization: z.string().trim().max(100, 'The organization is too long.').optional().default(''),
  address: required('address', 200),
  city: required('city', 80),
  state: required('state', 80),
  postalCode: required('postalCode', 20),
  country: z.enum(CONTACT_COUNTRIES, { error: 'Please choose a country from the list.' }).default(DEFAULT_CONTACT_COUNTRY),
}).strict().refine((contact) => toRegistrarPhone(contact.phone, contact.country) !== null, { message: INVALID_PHONE, path: ['phone'] });
export type ContactInfo = z.infer<typeof contactInfo>;

const years = (range: { min: number; max: number }) =>
  z.number({ error: `The period must be ${range.min} to ${range.max} years.` }).int(`The period must be ${range.min} to ${range.max} years.`)
    .min(range.min, `The period must be ${range.min} to ${range.max} years.`).max(range.max, `The period must be ${range.min} to ${range.max} years.`);

/** An order as its account's members see it (the back office's view adds attempts and notes). */
export const domainOrder = z.object({
  id: z.string(),
  /** The spec reads both `id` and `orderId`; the same value. */
  orderId: z.string(),
  kind: z.enum(ORDER_KINDS),
  domain: z.string(),
  /** Per year, in dollars (the spec's `price`), and in cents. */
  price: z.number(),
  priceCents: z.number().int(),
  registrationYears: z.number().int(),
  totalPrice: z.number(),
  totalCents: z.number().int(),
  currency: z.string(),
  contactInfo: contactInfo.nullable(),
  privacyProtection: z.boolean(),
  autoRenew: z.boolean(),
  accountId: z.string(),
  userId: z.string().nullable(),
  /** Who placed it: display name or e-mail; 'Automatic renewal' for the daily job's orders. */
  orderedBy: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  registrationStatus: z.enum(REGISTRATION_STATUSES),
  /** The supplier's display name once one registered (or renewed) it. */
  registrar: z.string().nullable(),
  registrationId: z.string().nullable(),
  registrationDate: isoDate.nullable(),
  expirationDate: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  paidAt: isoDate.nullable(),
  completedAt: isoDate.nullable(),
  /** Why it failed, in words a customer can act on (never a registrar's raw answer). */
  error: z.string().nullable(),
});
export type DomainOrder = z.infer<typeof domainOrder>;

export const registerDomain = defineContract({
  name: 'registerDomain',
  summary: 'Creates a registration order (pending_payment) for the active account at our own price for the TLD; payDomainOrder then opens the payment.',
  access: 'user',
  kind: 'write',
  permissions: allow.members,
  input: z.object({
    domain: domainName,
    registrationYears: years(REGISTRATION_YEARS),
    contactInfo,
    privacyProtection: z.boolean().default(true),
    autoRenew: z.boolean().default(true),
    accountId,
    // Sent by the spec's client; the server decides each of these itself and ignores them.
    price: z.unknown().optional(),
    totalPrice: z.unknown().optional(),
    userId: z.unknown().optional(),
    status: z.unknown().optional(),
    createdAt: z.unknown().optional(),
    orderedBy: z.unknown().optional(),
  }).strict(),
  output: z.object({ success: z.literal(true), orderId: z.string() }),
});

export const renewDomain = defineContract({
  name: 'renewDomain',
  summary: 'Creates a renewal order of 1 to 10 years for a domain of the caller\'s account, at our renewal price; paid and executed like a registration.',
  access: 'user',
  kind: 'write',
  permissions: { signedOut: 401, member: 200, admin: 200, owner: 200, outsider: 404, superAdmin: 404 },
  input: z.object({ domain: domainName, years: years(RENEWAL_YEARS) }).strict(),
  output: z.object({ success: z.literal(true), orderId: z.string() }),
});

export const payDomainOrder = defineContract({
  name: 'payDomainOrder',
  summary: 'The payment page of an order awaiting payment: the open checkout\'s, or a new one (the provider\'s hosted checkout or the test-mode page).',
  access: 'user',
  kind: 'write',
  permissions: { signedOut: 401, member: 200, admin: 200, owner: 200, outsider: 404, superAdmin: 404 },
  input: z.object({ orderId: id('Order ID') }).strict(),
  output: z.object({ url: z.string() }),
});

export const getDomainOrder = defineContract({
  name: 'getDomainOrder',
  summary: 'One order of an account the caller belongs to; live on the topic domain-order/{orderId}.',
  access: 'user',
  kind: 'read',
  permissions: { signedOut: 401, member: 200, admin: 200, owner: 200, outsider: 404, superAdmin: 404 },
  input: z.object({ orderId: id('Order ID') }).strict(),
  output: z.object({ success: z.literal(true), order: domainOrder }),
});

/** One row of /domains/orders: what the customer needs to recognise the order and act on it. */
export const accountOrderSummary = z.object({
  orderId: z.string(),
  kind: z.enum(ORDER_KINDS),
  domain: z.string(),
  registrationYears: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  createdAt: isoDate,
  /** Awaiting a payment the customer makes (an automatic renewal is charged by us instead). */
  canPay: z.boolean(),
  /** Unpaid, and the customer's to cancel. */
  canCancel: z.boolean(),
});
export type AccountOrderSummary = z.infer<typeof accountOrderSummary>;

export const ACCOUNT_ORDERS_PAGE_SIZE = 25;
export const INVALID_ORDERS_PAGE = 'This page link is no longer valid.';

export const listDomainOrders = defineContract({
  name: 'listDomainOrders',
  summary: `The account's domain orders: those awaiting payment first (all of them), then the others newest first, ${ACCOUNT_ORDERS_PAGE_SIZE} a page; for its members.`,
  access: 'user',
  kind: 'read',
  permissions: allow.members,
  input: z.object({ accountId, cursor: z.string().max(400, INVALID_ORDERS_PAGE).nullish() }).strict(),
  output: z.object({
    awaitingPayment: z.array(accountOrderSummary),
    orders: z.array(accountOrderSummary),
    nextCursor: z.string().nullable(),
  }),
});

export const cancelDomainOrder = defineContract({
  name: 'cancelDomainOrder',
  summary: 'Cancels an order that awaits the customer\'s payment: its open checkouts are closed at the payment provider first, so nothing can be paid on it afterwards.',
  access: 'user',
  kind: 'write',
  permissions: { signedOut: 401, member: 200, admin: 200, owner: 200, outsider: 404, superAdmin: 404 },
  input: z.object({ orderId: id('Order ID') }).strict(),
  output: z.object({ success: z.literal(true), order: domainOrder }),
});
