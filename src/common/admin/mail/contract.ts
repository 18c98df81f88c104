import { z } from 'zod';
import { INVALID_MAIL_CURSOR, MAIL_LINK_KINDS, MAIL_PAGE_MAX, MAIL_PAGE_SIZE, MAIL_STATUSES } from './texts.ts';
import { allow, defineContract, type FunctionContract } from '../../protocol.ts';
import { asObject, filterText, id, isoDate } from '../../contracts/shared.ts';

const mailStatus = z.enum(MAIL_STATUSES);

/** The one-time link a message carries, and whether it did its job (issue 21). */
export const mailLink = z.object({
  kind: z.enum(MAIL_LINK_KINDS),
  /** A reset link that set a password, a verification link whose address is proven, an accepted invitation. */
  used: z.boolean(),
});
export type MailLink = z.infer<typeof mailLink>;

export const mailSummary = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: mailStatus,
  /** Why the last delivery attempt failed. */
  error: z.string().nullable(),
  createdAt: isoDate,
  sentAt: isoDate.nullable(),
  /** Null for a message without a one-time link (notices, receipts). */
  link: mailLink.nullable(),
});
export type MailSummary = z.infer<typeof mailSummary>;

export const listMailOutbox = defineContract({
  name: 'listMailOutbox',
  summary: `Every message the portal sent or stored, newest first, ${MAIL_PAGE_SIZE} a page by default (keyset), filtered by recipient address prefix (any case) and status.`,
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({
    limit: z.number({ error: 'Limit must be a whole number.' }).int('Limit must be a whole number.')
      .min(1, 'Limit must be at least 1.').max(MAIL_PAGE_MAX, `Limit must be at most ${MAIL_PAGE_MAX}.`).default(MAIL_PAGE_SIZE),
    startAfter: z.string({ error: INVALID_MAIL_CURSOR }).max(400, INVALID_MAIL_CURSOR).nullish(),
    /** The beginning of the recipient's address; upper and lower case are the same. */
    to: filterText('Recipient filter', 254, { lowerCase: true }),
    status: z.enum(MAIL_STATUSES, { error: 'Status must be stored, queued, sent or failed.' }).nullish(),
  }, asObject).strict().optional().default({ limit: MAIL_PAGE_SIZE }),
  output: z.object({ messages: z.array(mailSummary), nextCursor: z.string().nullable() }),
});

export const mailMessage = mailSummary.extend({
  /** The plain-text body: every link in it readable and copyable. */
  text: z.string(),
  /** The HTML body as sent; pages show it only in a sandboxed frame where no script runs. */
  html: z.string().nullable(),
});
export type MailMessageDetails = z.infer<typeof mailMessage>;

export const getMailMessage = defineContract({
  name: 'getMailMessage',
  summary: 'One message of the outbox with its text body and its HTML body.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({ messageId: id('Message ID') }, asObject).strict(),
  output: z.object({ message: mailMessage }),
});

/** The back office's mail functions (issue 8). */
export const contracts = { listMailOutbox, getMailMessage } satisfies Record<string, FunctionContract>;
