import { daysUntil, EXPIRY_REMINDER_DAYS } from '../../../../common/domains/domains.ts';
import { inTransaction } from '../../../db/transaction.ts';
import { recordEvent } from '../../../events/recordEvent.ts';
import type { Services } from '../../../rpc/context.ts';
import { billingContactOf, expiryReminderMail } from './mails.ts';
import { cursorOf, EXPIRY_BATCH_SIZE, expiringDomainsPage, type ExpiryCursor, noticesOf, recordNotice } from './repository.ts';

const DAY_MS = 86_400_000;
const FARTHEST_REMINDER_DAYS = Math.max(...EXPIRY_REMINDER_DAYS);

/**
 * The reminders due for a domain with `daysLeft` whole days to go (above 0): every lead time it
 * has reached, most urgent first. Only the first is mailed; the others are recorded with it, so
 * a domain first seen at 5 days gets the 7-day reminder and never a 30-day one afterwards.
 */
export function dueReminders(daysLeft: number, alreadySent: ReadonlySet<number>): number[] {
  if (daysLeft <= 0) return [];
  const reached = EXPIRY_REMINDER_DAYS.filter((lead) => daysLeft <= lead).sort((a, b) => a - b);
  // Once the most urgent one reached was sent, so was everything it stood in for.
  return reached.length === 0 || alreadySent.has(reached[0]) ? [] : reached;
}

/**
 * Reminder e-mails to the billing contact, EXPIRY_REMINDER_DAYS before expiry, once per domain,
 * expiry and lead time: the notice row is inserted first, and the mail goes out in the same
 * transaction only when this run inserted it (a rerun, or a run racing this one, finds the row).
 * A renewed domain has a new expiry and so gets its own reminders.
 */
export async function sendExpiryReminders(services: Services, now: Date, signal?: AbortSignal): Promise<number> {
  const range = { from: now.toISOString(), to: new Date(now.getTime() + FARTHEST_REMINDER_DAYS * DAY_MS).toISOString(), autoRenewOnly: false };
  const nowIso = now.toISOString();
  let sent = 0;
  let after: ExpiryCursor | null = null;
  for (;;) {
    if (signal?.aborted) return sent;
    const page = await expiringDomainsPage(services.db, range, after, EXPIRY_BATCH_SIZE);
    const notices = await noticesOf(services.db, page.map((d) => d.id));
    const due = page.map((domain) => {
      const expiresAt = domain.expiration_date!;
      const sentBefore = new Set(notices.filter((n) => n.domain_id === domain.id && n.expiration_date === expiresAt).map((n) => n.days_before));
      const daysLeft = daysUntil(expiresAt, now.getTime())!;
      return { domain, expiresAt, daysLeft, leads: dueReminders(daysLeft, sentBefore) };
    }).filter((d) => d.leads.length > 0);

    if (due.length > 0) {
      sent += await inTransaction(services.db, async (tx) => {
        let mailed = 0;
        for (const { domain, expiresAt, daysLeft, leads } of due) {
          const [mostUrgent, ...others] = leads;
          if (!await recordNotice(tx.db, { domainId: domain.id, expiresAt, daysBefore: mostUrgent, nowIso })) continue;
          for (const lead of others) await recordNotice(tx.db, { domainId: domain.id, expiresAt, daysBefore: lead, nowIso });
          const autoRenew = domain.auto_renew;
          await services.mailer.send(tx, expiryReminderMail({
            to: billingContactOf(domain), domain: domain.name, accountName: domain.account_name, expiresAt, daysLeft, autoRenew,
            paymentMode: services.payments.mode, publicUrl: services.config.PUBLIC_URL,
          }));
          await recordEvent(tx, {
            type: 'domain.expiring', accountId: domain.account_id,
            payload: { domainId: domain.id, domain: domain.name, expirationDate: expiresAt, daysLeft, reminderDays: mostUrgent, autoRenew }, at: nowIso,
          });
          mailed += 1;
        }
        return mailed;
      }, services.log);
    }
    if (page.length < EXPIRY_BATCH_SIZE) return sent;
    after = cursorOf(page.at(-1)!);
  }
}
