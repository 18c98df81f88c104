import { z } from 'zod';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../constants.ts';
import { allow, defineContract } from '../protocol.ts';
import { accountId, id, isoDate } from '../contracts/shared.ts';

export const TICKET_SUBMITTED = 'Ticket submitted successfully!';

/**
 * A ticket is read and answered by its author and its account's owner and admins only: the
 * matrix's plain member is a co-member of the author, and outsiders get the same 404 as for
 * an unknown id.
 */
const ticketReaders = { signedOut: 401, member: 404, admin: 200, owner: 200, outsider: 404, superAdmin: 404 } as const;

const priority = z.enum(TICKET_PRIORITIES, { error: 'Priority must be low, medium or high.' });

export const ticketId = id('Ticket ID');

export const ticketStatus = z.enum(TICKET_STATUSES, { error: 'Status must be open, answered, customer-reply or closed.' });

/** A reply's text, the customer's and the staff's alike (NUL bytes are refused for every function, src/server/http/jsonBody.ts). */
export const replyBody = z.string({ error: 'Reply cannot be empty.' }).trim().min(1, 'Reply cannot be empty.')
  .max(10_000, 'Reply must be at most 10000 characters.');

/** How the customer sees who wrote a staff reply: the person, marked as the provider's support. */
export const staffAuthorName = (name: string) => `${name} (Support)`;

export const TICKET_CLOSED = 'Ticket closed.';

export const ticketSummary = z.object({
  id: z.string(),
  accountId: z.string(),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  priority: z.string(),
  createdAt: isoDate,
});
export type TicketSummary = z.infer<typeof ticketSummary>;

export const ticketReply = z.object({
  id: z.string(),
  authorName: z.string(),
  body: z.string(),
  createdAt: isoDate,
  byTicketOwner: z.boolean(),
  /** Written by the provider's support team; authorName then reads "{name} (Support)". */
  byStaff: z.boolean(),
});
export type TicketReply = z.infer<typeof ticketReply>;

export const submitTicket = defineContract({
  name: 'submitTicket',
  summary: 'Opens a support ticket in an account the caller belongs to.',
  access: 'user',
  kind: 'write',
  permissions: allow.members,
  input: z.object({
    subject: z.string({ error: 'Subject is required.' }).trim().min(1, 'Subject is required.')
      .max(200, 'Subject must be at most 200 characters.'),
    description: z.string({ error: 'Description is required.' }).trim().min(1, 'Description is required.')
      .max(10_000, 'Description must be at most 10000 characters.'),
    priority,
    accountId,
  }).strict(),
  output: z.object({ ticketId: z.string(), message: z.string() }),
});

export const listMyTickets = defineContract({
  name: 'listMyTickets',
  summary: 'Tickets the caller opened, newest first, a page at a time.',
  access: 'user',
  kind: 'read',
  permissions: allow.signedIn,
  input: z.object({
    limit: z.number().int().min(1, 'Limit must be between 1 and 200.').max(200, 'Limit must be between 1 and 200.').default(50),
    cursor: z.string().max(200).nullish(),
  }).strict().optional().default({ limit: 50 }),
  output: z.object({ tickets: z.array(ticketSummary), nextCursor: z.string().nullable() }),
});

export const getTicket = defineContract({
  name: 'getTicket',
  summary: 'One ticket and its conversation; for its author and its account\'s owner and admins.',
  access: 'user',
  kind: 'read',
  permissions: ticketReaders,
  input: z.object({ ticketId }),
  output: z.object({
    ticket: ticketSummary.extend({ description: z.string(), authorName: z.string(), accountName: z.string() }),
    replies: z.array(ticketReply),
    /** False for an author removed from the account whose setting leaves them reading only. */
    canReply: z.boolean(),
  }),
});

export const addTicketReply = defineContract({
  name: 'addTicketReply',
  summary: 'Adds a reply to a ticket the caller may read.',
  access: 'user',
  kind: 'write',
  permissions: ticketReaders,
  input: z.object({ ticketId, body: replyBody }).strict(),
  output: z.object({ reply: ticketReply }),
});

export const closeMyTicket = defineContract({
  name: 'closeMyTicket',
  summary: 'Closes a ticket the caller may read (writing to it again reopens it).',
  access: 'user',
  kind: 'write',
  permissions: ticketReaders,
  input: z.object({ ticketId }).strict(),
  output: z.object({ ticketId: z.string(), status: z.enum(TICKET_STATUSES), message: z.string() }),
});
