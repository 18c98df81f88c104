import type { MailMessage } from '../../../integrations/mail/mailer.ts';

/** To the billing contact once a checkout is fulfilled: the subscription (or one-off purchase) is in place. */
export function checkoutConfirmationMail(m: { to: string; accountName: string; planName: string; recurring: boolean; publicUrl: string }): MailMessage {
  const what = m.recurring ? `Your ${m.planName} subscription is active` : `Your payment for ${m.planName} was received`;
  return {
    to: m.to,
    subject: what,
    text: `${what} for the account "${m.accountName}". Thank you.\n\n`
      + `Your subscriptions, invoices and payment methods are on ${m.publicUrl}/billing.`,
  };
}
