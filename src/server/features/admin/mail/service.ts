import type { Kysely } from 'kysely';
import { INVALID_MAIL_CURSOR, MESSAGE_NOT_FOUND, type MailStatusName } from '../../../../common/admin/mail/texts.ts';
import type { MailMessageDetails, MailSummary } from '../../../../common/admin/mail/contract.ts';
import type { Database } from '../../../db/schema.ts';
import { decodeNewestFirstCursor, encodeNewestFirstCursor } from '../../../rpc/newestFirstCursor.ts';
import { notFound } from '../../../rpc/errors.ts';
import { findMail, listMail } from '../../../integrations/mail/outboxReads.ts';

const CURSOR_LIST = 'mail';

export interface MailListInput { limit: number; startAfter?: string | null; to?: string | null; status?: MailStatusName | null }

interface MailRow {
  id: string; to_address: string; subject: string; status: MailStatusName; error: string | null;
  created_at: string; sent_at: string | null;
}

const summaryOf = (r: MailRow): MailSummary => ({
  id: r.id, to: r.to_address, subject: r.subject, status: r.status, error: r.error,
  createdAt: r.created_at, sentAt: r.sent_at,
});

/** Keyset pagination: one extra row tells whether another page exists. */
export async function pageOfMail(db: Kysely<Database>, input: MailListInput) {
  const after = input.startAfter ? decodeNewestFirstCursor(CURSOR_LIST, input.startAfter, INVALID_MAIL_CURSOR) : null;
  const rows = await listMail(db, { limit: input.limit + 1, toPrefix: input.to ?? null, status: input.status ?? null, after });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > input.limit && last
    ? encodeNewestFirstCursor(CURSOR_LIST, { createdAt: last.position_value, id: last.id }) : null;
  return { messages: page.map(summaryOf), nextCursor };
}

export async function mailMessage(db: Kysely<Database>, id: string): Promise<MailMessageDetails> {
  const row = await findMail(db, id);
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return { ...summaryOf(row), text: row.text_body, html: row.html_body };
}
