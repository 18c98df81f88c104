import type { ColumnType } from 'kysely';
import type { Timestamp, DefaultedTimestamp } from './columns.ts';

/** Where an outbox message is: kept only (no SMTP), waiting for delivery, delivered, or given up. */
export type MailStatus = 'stored' | 'queued' | 'sent' | 'failed';

export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: ColumnType<MailStatus, MailStatus | undefined, MailStatus>;
  error: string | null;
  created_at: DefaultedTimestamp;
  sent_at: Timestamp | null;
}

/** The mail tables, owned by integrations/mail (tools/eslint/tableOwners.js). */
export interface MailTables {
  mail_outbox: MailOutboxTable;
}
