import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer from 'nodemailer';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { Tx } from '../../db/transaction.ts';
import type { JobQueue } from '../../jobs/queue.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /**
   * Records the message in the caller's unit of work and hands delivery to a job in the same
   * one: a write that rolls back sends nothing, a committed one loses nothing. Never waits on SMTP.
   */
  send(tx: Tx, message: MailMessage): Promise<string>;
}

export const MAIL_DELIVERY_QUEUE = 'mail.deliver';

export function createMailer(deps: { config: Config; jobs: JobQueue; log: FastifyBaseLogger }): Mailer {
  const smtp = Boolean(deps.config.SMTP_URL);
  return {
    async send(tx, message) {
      const id = randomUUID();
      await tx.db.insertInto('mail_outbox').values({
        id, to_address: message.to.toLowerCase(), subject: message.subject, text_body: message.text,
        html_body: message.html ?? null, status: smtp ? 'queued' : 'stored', error: null, sent_at: null,
      }).execute();
      if (smtp) await deps.jobs.send(MAIL_DELIVERY_QUEUE, { id }, { tx, retryLimit: 5, retryDelaySeconds: 30, retryBackoff: true });
      // Not the text: it carries one-time links (resets, verifications), which a log must not keep. The outbox page shows it.
      else tx.afterCommit(() => deps.log.info({ mailId: id, to: message.to, subject: message.subject }, 'mail stored in outbox (no SMTP_URL)'));
      return id;
    },
  };
}

/** Worker side: sends one outbox message over SMTP and records the outcome. */
export function mailDeliveryWorker(deps: { db: Kysely<Database>; config: Config; clock: Clock }) {
  const transport = deps.config.SMTP_URL ? nodemailer.createTransport(deps.config.SMTP_URL) : null;
  return async ({ id }: { id: string }) => {
    if (!transport) return;
    const mail = await deps.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
    if (!mail || mail.status === 'sent') return;
    try {
      await transport.sendMail({ from: deps.config.MAIL_FROM, to: mail.to_address, subject: mail.subject, text: mail.text_body, html: mail.html_body ?? undefined });
      await deps.db.updateTable('mail_outbox').set({ status: 'sent', sent_at: deps.clock.nowIso(), error: null }).where('id', '=', id).execute();
    } catch (error) {
      await deps.db.updateTable('mail_outbox').set({ status: 'failed', error: String(error) }).where('id', '=', id).execute();
      throw error;
    }
  };
}
