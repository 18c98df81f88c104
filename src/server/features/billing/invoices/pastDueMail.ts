import { formatAmount } from '../../../../common/billing/billing.ts';
import type { MailMessage } from '../../../integrations/mail/mailer.ts';

/** To the billing contact when a subscription's payment failed: what happened and what to do on /billing. */
export function pastDueMail(m: { to: string; accountName: string; planName: string; amountCents: number; currency: string; publicUrl: string }): MailMessage {
  return {
    to: m.to,
    subject: `Payment failed for your ${m.planName} subscription`,
    text: `We could not collect ${formatAmount(m.amountCents, m.currency)} for the ${m.planName} subscription of the account "${m.accountName}". `
      + 'The subscription is now past due.\n\n'
      + `To keep it running, open ${m.publicUrl}/billing, choose Manage Payment Methods and update the card on file. `
      + 'The payment is tried again with the new card.\n\n'
      + 'If you did not expect this e-mail, contact the account\'s owner.',
  };
}
