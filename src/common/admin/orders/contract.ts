import { z } from 'zod';
import {
  ADMIN_NOTE_MAX, BULK_RETRY_MAX, DATE_RANGE_REVERSED, FAILED_ORDERS_LIMIT, INVALID_ORDERS_CURSOR, NAMESERVERS_MAX, ORDER_SORT_FIELDS,
  ORDERS_PAGE_MAX, ORDERS_PAGE_SIZE, OTHER_REGISTRAR, PRIORITIES, REGISTRAR_NAME_REQUIRED, SELECT_ORDERS_TO_RETRY,
} from './texts.ts';
import { ORDER_KINDS, ORDER_STATUSES, PAYMENT_STATUSES } from '../../domains/orders.ts';
import { allow, defineContract } from '../../protocol.ts';
import { domainOrder } from '../../domains/ordersContract.ts';
import { asObject, isoDate } from '../../contracts/shared.ts';

const noNul = (v: string) => !v.includes('\u0000');

/** An id that goes into a query: a NUL byte would be a PostgreSQL error, not a miss. */
const idOf = (what: string) => z.string({ error: `${what} is required.` }).trim().min(1, `${what} is required.`)
  .max(128, `${what} is not valid.`).refine(noNul, `${what} is not valid.`);
const orderId = idOf('Order ID');

/** A calendar date YYYY-MM-DD that exists (2026-02-30 does not). */
const calendarDate = (what: string) => z.string({ error: `${what} must be a date (YYYY-MM-DD).` })
  .regex(/^\d{4}-\d{2}-\d{2}$/, `${what} must be a date (YYYY-MM-DD).`)
  .refine((v) => {
    const [y, m, d] = v.split('-').map(Number) as [number, number, number];
    const at = new Date(Date.UTC(y, m - 1, d));
    return y >= 1970 && y <= 9999 && at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
  }, `${what} is not a real calendar date.`);

/** Empty values are omitted (spec §7): an empty text or null is no filter. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

const status = z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}.` });
const notes = z.string({ error: 'Notes must be a text.' }).trim().max(ADMIN_NOTE_MAX, `Notes must be at most ${ADMIN_NOTE_MAX} characters.`)
  .refine(noNul, 'Notes contain a character that is not allowed.');

export const adminOrderSummary = z.object({
  id: z.string(),
  kind: z.enum(ORDER_KINDS),
  domain: z.string(),
  accountId: z.string(),
  accountName: z.string().nullable(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  totalPrice: z.number(),
  totalCents: z.number().int(),
  currency: z.string(),
  createdAt: isoDate,
  adminActionRequired: z.boolean(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummary>;

export const getAllOrders = defineContract({
  name: 'getAllOrders',
  summary: `Every domain order, ${ORDERS_PAGE_SIZE} a page by default (keyset), filtered by status, account, domain prefix and creation dates (UTC, inclusive), sorted by createdAt, domain or totalPrice; with the total (capped past 10,000 when filtered by account or domain).`,
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({
    limit: optional(z.number({ error: 'Limit must be a whole number.' }).int('Limit must be a whole number.')
      .min(1, 'Limit must be at least 1.').max(ORDERS_PAGE_MAX, `Limit must be at most ${ORDERS_PAGE_MAX}.`)),
    startAfter: optional(z.string({ error: INVALID_ORDERS_CURSOR }).max(400, INVALID_ORDERS_CURSOR)),
    status: optional(status),
    accountId: optional(idOf('Account ID')),
    /** The beginning of the name; upper and lower case are the same. */
    domain: optional(z.string({ error: 'Domain filter must be a text.' }).trim().toLowerCase().max(253, 'Domain filter must be at most 253 characters.')
      .refine(noNul, 'Domain filter is not valid.')),
    dateFrom: optional(calendarDate('Date from')),
    dateTo: optional(calendarDate('Date to')),
    sortBy: optional(z.enum(ORDER_SORT_FIELDS, { error: 'Sort must be createdAt, domain or totalPrice.' })),
    sortOrder: optional(z.enum(['asc', 'desc'], { error: 'Sort order must be asc or desc.' })),
  }, asObject).strict()
    .refine((i) => !i.dateFrom || !i.dateTo || i.dateFrom <= i.dateTo, { message: DATE_RANGE_REVERSED, path: ['dateTo'] })
    .optional().default({}),
  output: z.object({
    success: z.literal(true),
    orders: z.array(adminOrderSummary),
    pagination: z.object({
      hasMore: z.boolean(),
      lastOrderId: z.string().nullable(),
      /** Pass as startAfter for the next page. */
      nextStartAfter: z.string().nullable(),
      totalCount: z.number().int(),
      /** True when the count stopped at the cap: there are at least totalCount. */
      totalCountCapped: z.boolean(),
    }),
  }),
});

export const getFailedOrders = defineContract({
  name: 'getFailedOrders',
  summary: `The failed-order queue: failed and requires_manual_processing orders, oldest first, at most ${FAILED_ORDERS_LIMIT}, each with its priority by age, last error and attempts; plus the queue's total.`,
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({
    limit: optional(z.number({ error: 'Limit must be a whole number.' }).int('Limit must be a whole number.')
      .min(1, 'Limit must be at least 1.').max(FAILED_ORDERS_LIMIT, `Limit must be at most ${FAILED_ORDERS_LIMIT}.`)),
  }, asObject).strict().optional().default({}),
  output: z.object({
    success: z.literal(true),
    failedOrders: z.array(adminOrderSummary.extend({
      priority: z.enum(PRIORITIES),
      /** The sentence the customer was given. */
      error: z.string().nullable(),
      /** What the registrar last answered (its refusal or why the outcome is unknown), credentials masked; null before any failed call. */
      registrarAnswer: z.string().nullable(),
      attempts: z.number().int(),
    })),
    totalCount: z.number().int(),
  }),
});

const supplierChoice = (what: string) => idOf(what);

export const bulkRetryOrders = defineContract({
  name: 'bulkRetryOrders',
  summary: `Sends each paid order whose status allows it back to processing with its registration job (the forced registrar tried first); up to ${BULK_RETRY_MAX} distinct orders, a result per order. Audited.`,
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    orderIds: z.array(orderId, { error: SELECT_ORDERS_TO_RETRY }).min(1, SELECT_ORDERS_TO_RETRY)
      .max(BULK_RETRY_MAX, `At most ${BULK_RETRY_MAX} orders can be retried at once.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Each order can be selected only once.'),
    forceRegistrar: optional(supplierChoice('Registrar')).transform((v) => v ?? null),
  }, asObject).strict(),
  output: z.object({
    success: z.boolean(),
    summary: z.object({ successful: z.number().int(), failed: z.number().int() }),
    results: z.array(z.object({ orderId: z.string(), ok: z.boolean(), message: z.string() })),
  }),
});

export const adminOrderDetails = domainOrder.extend({
  adminActionRequired: z.boolean(),
  adminNotes: z.string().nullable(),
  refundedAt: isoDate.nullable(),
  registrationAttempts: z.array(z.object({
    registrarId: z.string(),
    registrar: z.string(),
    operation: z.string(),
    success: z.boolean(),
    /** 'started' when the call never finished (its process died). */
    outcome: z.string(),
    reason: z.string().nullable(),
    attemptedAt: isoDate,
    durationMs: z.number().int().nullable(),
  })),
  account: z.object({ name: z.string(), email: z.string().nullable() }),
  user: z.object({ displayName: z.string(), email: z.string() }).nullable(),
  /** What an operator may do now, so the page never offers a move the server refuses. */
  allowedStatuses: z.array(z.enum(ORDER_STATUSES)),
  canRetry: z.boolean(),
  canComplete: z.boolean(),
});
export type AdminOrderDetails = z.infer<typeof adminOrderDetails>;

export const getOrderDetails = defineContract({
  name: 'getOrderDetails',
  summary: 'One domain order for operators: every field, admin notes, the registration attempts, account and user, and the actions allowed now.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({ orderId }, asObject).strict(),
  output: z.object({ success: z.literal(true), order: adminOrderDetails }),
});

export const updateOrderStatus = defineContract({
  name: 'updateOrderStatus',
  summary: 'Moves an order along the state machine (never to processing: that is Retry); requires_manual_processing flags it for an operator; cancelled needs notes and refunds a paid order first. Notes are appended to the admin notes. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    orderId,
    status,
    notes: optional(notes),
    adminActionRequired: optional(z.boolean({ error: 'Admin action required must be true or false.' })),
  }, asObject).strict(),
  output: z.object({ success: z.literal(true), order: adminOrderDetails }),
});

const hostName = z.string().max(253, 'A nameserver is at most 253 characters.')
  .regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Each nameserver must be a host name such as ns1.example.com.');

export const manuallyCompleteOrder = defineContract({
  name: 'manuallyCompleteOrder',
  summary: 'Completes an order registered outside the job: creates the customer\'s domain (or extends it, for a renewal) with the registration id, registrar, expiry and nameservers, then completes the order. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    orderId,
    registrationId: z.string({ error: 'Registration ID is required.' }).trim().min(1, 'Registration ID is required.')
      .max(128, 'Registration ID must be at most 128 characters.').refine(noNul, 'Registration ID is not valid.'),
    /** An active supplier's id, or 'other'. */
    registrar: supplierChoice('Registrar'),
    /** With 'other': the registrar where the name was bought, kept on the order. */
    registrarName: optional(z.string({ error: 'Registrar name must be a text.' }).trim().min(1, REGISTRAR_NAME_REQUIRED)
      .max(100, 'Registrar name must be at most 100 characters.').refine(noNul, 'Registrar name is not valid.')),
    /** A registration just made expires in the future; today is allowed for one done at the last minute. */
    expirationDate: calendarDate('Expiration date')
      .refine((v) => v >= new Date().toISOString().slice(0, 10), 'The expiration date must be today or later.'),
    nameservers: z.array(z.string({ error: 'Each nameserver must be a text.' }).max(253, 'A nameserver is at most 253 characters.'), { error: 'Nameservers must be a list.' })
      .max(100, `At most ${NAMESERVERS_MAX} nameservers.`)
      .transform((list) => [...new Set(list.map((ns) => ns.trim().toLowerCase().replace(/\.$/, '')).filter((ns) => ns !== ''))])
      .pipe(z.array(hostName).max(NAMESERVERS_MAX, `At most ${NAMESERVERS_MAX} nameservers.`))
      .optional().default([]),
    notes: optional(notes),
  }, asObject).strict().refine((input) => input.registrar !== OTHER_REGISTRAR || input.registrarName !== undefined, { message: REGISTRAR_NAME_REQUIRED, path: ['registrarName'] }),
  output: z.object({ success: z.literal(true), order: adminOrderDetails }),
});

export const listOrderSuppliers = defineContract({
  name: 'listOrderSuppliers',
  summary: 'The registrars an operator may force on a retry or name on a manual completion: the active domain suppliers, by name.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({}, asObject).strict().optional().default({}),
  output: z.object({ suppliers: z.array(z.object({ id: z.string(), name: z.string() })), other: z.literal(OTHER_REGISTRAR) }),
});

/** The back office's orders functions (issue 8); every one is refused on the server to anyone but global super admins. */
export const contracts = { getAllOrders, getFailedOrders, bulkRetryOrders, getOrderDetails, updateOrderStatus, manuallyCompleteOrder, listOrderSuppliers };
