import { z } from 'zod';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../../constants.ts';
import { allow, defineContract } from '../../protocol.ts';
import { INVALID_TICKETS_CURSOR, TICKET_TEXT_FILTER_MAX, TICKETS_PAGE_MAX, TICKETS_PAGE_SIZE } from './texts.ts';
import { SORT_ORDERS } from '../users/contract.ts';
import { asObject, isoDate } from '../../contracts/shared.ts';
import { replyBody, ticketId, ticketStatus } from '../../tickets/contract.ts';

export const staffTicketSummary = z.object({
  id: z.string(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  accountId: z.string(),
  accountName: z.string(),
  authorId: z.string(),
  authorEmail: z.string(),
  createdAt: isoDate,
  lastActivityAt: isoDate,
});
export type StaffTicketSummary = z.infer<typeof staffTicketSummary>;

export const staffTicketReply = z.object({
  id: z.string(),
  /** Null once the writer's user was deleted. */
  userId: z.string().nullable(),
  authorName: z.string(),
  body: z.string(),
  createdAt: isoDate,
  byStaff: z.boolean(),
});
export type StaffTicketReply = z.infer<typeof staffTicketReply>;

export const staffTicketDetail = staffTicketSummary.extend({
  description: z.string(),
  authorName: z.string(),
});
export type StaffTicketDetail = z.infer<typeof staffTicketDetail>;

export const listAllTickets = defineContract({
  name: 'listAllTickets',
  summary: 'Every account\'s tickets, latest activity first (keyset, 25 a page by default), filtered by status, priority, account and subject text.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({
    limit: z.number({ error: 'Limit must be a whole number.' }).int('Limit must be a whole number.')
      .min(1, 'Limit must be at least 1.').max(TICKETS_PAGE_MAX, `Limit must be at most ${TICKETS_PAGE_MAX}.`).default(TICKETS_PAGE_SIZE),
    startAfter: z.string({ error: INVALID_TICKETS_CURSOR }).max(400, INVALID_TICKETS_CURSOR).nullish(),
    status: z.enum(TICKET_STATUSES, { error: 'Status must be open, answered, customer-reply or closed.' }).nullish(),
    priority: z.enum(TICKET_PRIORITIES, { error: 'Priority must be low, medium or high.' }).nullish(),
    accountId: z.string({ error: 'Account filter must be a text.' }).trim().max(128, 'Account filter is not valid.').nullish(),
    /** Part of the subject; upper and lower case are the same. */
    text: z.string({ error: 'Search text must be a text.' }).trim()
      .max(TICKET_TEXT_FILTER_MAX, `Search text must be at most ${TICKET_TEXT_FILTER_MAX} characters.`).nullish(),
    sortOrder: z.enum(SORT_ORDERS, { error: 'Sort order must be asc or desc.' }).default('desc'),
  }, asObject).strict().optional().default({ limit: TICKETS_PAGE_SIZE, sortOrder: 'desc' }),
  output: z.object({ tickets: z.array(staffTicketSummary), nextCursor: z.string().nullable() }),
});

export const getTicketForStaff = defineContract({
  name: 'getTicketForStaff',
  summary: 'One ticket of any account: its account, author and the whole conversation with staff replies marked.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({ ticketId }, asObject).strict(),
  output: z.object({ ticket: staffTicketDetail, replies: z.array(staffTicketReply) }),
});

export const replyToTicketAsStaff = defineContract({
  name: 'replyToTicketAsStaff',
  summary: 'Answers a ticket as the support team: the ticket becomes answered (or the status given), its author is e-mailed. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ ticketId, body: replyBody, status: ticketStatus.optional() }, asObject).strict(),
  output: z.object({ reply: staffTicketReply, status: z.enum(TICKET_STATUSES) }),
});

export const setTicketStatus = defineContract({
  name: 'setTicketStatus',
  summary: 'Sets a ticket\'s status (open, answered, customer-reply, closed). Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ ticketId, status: ticketStatus }, asObject).strict(),
  output: z.object({ ticketId: z.string(), status: z.enum(TICKET_STATUSES) }),
});

/** The back office's support functions (issue 8). */
export const contracts = { listAllTickets, getTicketForStaff, replyToTicketAsStaff, setTicketStatus };
