import type { Kysely } from 'kysely';
import { INVALID_MAIL_CURSOR, MESSAGE_NOT_FOUND, type MailStatusName } from '../../../../common/admin/mail/texts.ts';
import type { MailMessageDetails, MailSummary } from '../../../../common/admin/mail/contract.ts';
import { record } from '../../../audit/record.ts';
import type { Database } from '../../../db/schema.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { decodeNewestFirstCursor, encodeNewestFirstCursor } from '../../../rpc/newestFirstCursor.ts';
import { notFound } from '../../../rpc/errors.ts';
import type { SignedInContext } from '../../../rpc/context.ts';
import { operatorOf } from '../../../rpc/context.ts';
import { findMail, listMail } from '../../../integrations/mail/outboxReads.ts';
import { linkStates } from './linkStates.ts';

const CURSOR_LIST = 'mail';

export interface MailListInput { limit: number; startAfter?: string | null; to?: string | null; status?: MailStatusName | null }

interface MailRow {
  id: string; to_address: string; subject: string; status: MailStatusName; error: string | null;
  created_at: string; sent_at: string | null; text_body: string;
}

async function summariesOf(db: Kysely<Database>, rows: MailRow[]): Promise<MailSummary[]> {
  const links = await linkStates(db, rows.map((r) => ({ id: r.id, to: r.to_address, text: r.text_body })));
  return rows.map((r) => ({
    id: r.id, to: r.to_address, subject: r.subject, status: r.status, error: r.error,
    createdAt: r.created_at, sentAt: r.sent_at, link: links.get(r.id) ?? null,
  }));
}

/**
 * The outbox holds live one-time links (resets, verifications, invitations): every read by an
 * operator is audited, in a small unit of work of its own after the read (docs/decisions.md).
 */
function auditRead(ctx: SignedInContext, action: 'mail.outbox_listed' | 'mail.message_read', target: { type: 'mail_outbox' | 'mail_message'; id: string | null }, after: unknown) {
  return inTransaction(ctx.services.db, (tx) => record(tx, {
    actor: operatorOf(ctx), actingAs: null, action, target, after, requestId: ctx.requestId, at: ctx.services.clock.nowIso(),
  }));
}

/** Keyset pagination: one extra row tells whether another page exists. */
export async function pageOfMail(ctx: SignedInContext, input: MailListInput) {
  const db = ctx.services.db;
  const after = input.startAfter ? decodeNewestFirstCursor(CURSOR_LIST, input.startAfter, INVALID_MAIL_CURSOR) : null;
  const rows = await listMail(db, { limit: input.limit + 1, toPrefix: input.to ?? null, status: input.status ?? null, after });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > input.limit && last
    ? encodeNewestFirstCursor(CURSOR_LIST, { createdAt: last.position_value, id: last.id }) : null;
  const messages = await summariesOf(db, page);
  await auditRead(ctx, 'mail.outbox_listed', { type: 'mail_outbox', id: null }, {
    to: input.to ?? null, status: input.status ?? null, startAfter: input.startAfter ?? null, messageIds: messages.map((m) => m.id),
  });
  return { messages, nextCursor };
}

export async function mailMessage(ctx: SignedInContext, id: string): Promise<MailMessageDetails> {
  const row = await findMail(ctx.services.db, id);
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  const [summary] = await summariesOf(ctx.services.db, [row]);
  await auditRead(ctx, 'mail.message_read', { type: 'mail_message', id }, { to: row.to_address, subject: row.subject });
  return { ...summary, text: row.text_body, html: row.html_body };
}
