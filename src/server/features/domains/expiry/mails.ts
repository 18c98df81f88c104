import type { MailMessage } from '../../../integrations/mail/mailer.ts';
import type { PaymentMode } from '../../../integrations/payments/provider.ts';

/** The daily expiry job's e-mails to an account's billing contact. */

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });
/** 'March 5, 2027': the expiry's day in UTC, the registries' clock. */
export const expiryDay = (iso: string) => dateFormat.format(new Date(iso));

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** Where billing mail goes: the billing e-mail, else the account owner's address. */
export const billingContactOf = (account: { billing_email: string | null; owner_email: string }) => account.billing_email || account.owner_email;

export function expiryReminderMail(m: {
  to: string; domain: string; accountName: string; expiresAt: string; daysLeft: number; autoRenew: boolean; paymentMode: PaymentMode; publicUrl: string;
}): MailMessage {
  const page = `${m.publicUrl}/domains/${m.domain}`;
  const renewal = !m.autoRenew
    ? `Automatic renewal is off. To keep the domain, renew it before that date at ${page}.`
    : m.paymentMode === 'stripe'
      ? `Automatic renewal is on: it will be renewed for one year before that date and charged to the saved payment method of the account. `
        + `You can check or change the payment method at ${m.publicUrl}/billing, and manage the domain at ${page}.`
      : `Automatic renewal is on: it will be renewed automatically for one year before that date. You can manage the domain at ${page}.`;
  return {
    to: m.to,
    subject: `${m.domain} expires in ${days(m.daysLeft)}`,
    text: `The domain ${m.domain} of the account "${m.accountName}" expires on ${expiryDay(m.expiresAt)}.\n\n${renewal}`,
  };
}

export function renewalFailedMail(m: { to: string; domain: string; accountName: string; expiresAt: string; reason: string; publicUrl: string }): MailMessage {
  const page = `${m.publicUrl}/domains/${m.domain}`;
  return {
    to: m.to,
    subject: `Automatic renewal of ${m.domain} failed`,
    text: `We could not renew the domain ${m.domain} of the account "${m.accountName}" automatically: ${m.reason}\n\n`
      + `It will expire on ${expiryDay(m.expiresAt)} unless it is renewed. To renew it now, open ${page} and choose Renew. `
      + `To keep the automatic renewal, make sure the account has a working saved payment method at ${m.publicUrl}/billing: `
      + 'it is tried again every day until the domain expires.',
  };
}
