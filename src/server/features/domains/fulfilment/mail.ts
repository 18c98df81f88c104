import { formatAmount } from '../../../../common/billing/billing.ts';
import type { MailMessage } from '../../../integrations/mail/mailer.ts';

/** The registration job's e-mails to whoever placed the order: done, or what went wrong and what happens next. */

interface OrderMailFacts {
  to: string;
  domain: string;
  orderId: string;
  publicUrl: string;
}

const day = (iso: string) => iso.slice(0, 10);
const yearsText = (years: number) => `${years} year${years === 1 ? '' : 's'}`;
const orderLink = (m: OrderMailFacts) => `${m.publicUrl}/domains/orders/${encodeURIComponent(m.orderId)}`;
const domainLink = (m: OrderMailFacts) => `${m.publicUrl}/domains/${encodeURIComponent(m.domain)}`;

export function registeredMail(m: OrderMailFacts & { years: number; expiresAt: string }): MailMessage {
  return {
    to: m.to,
    subject: `${m.domain} is registered`,
    text: `Your domain ${m.domain} is registered for ${yearsText(m.years)}. It expires on ${day(m.expiresAt)} (UTC).\n\n`
      + `Manage its nameservers, contacts and renewal at ${domainLink(m)}.\n`
      + `Your order: ${orderLink(m)}`,
  };
}

export function renewedMail(m: OrderMailFacts & { years: number; expiresAt: string }): MailMessage {
  return {
    to: m.to,
    subject: `${m.domain} is renewed`,
    text: `Your domain ${m.domain} is renewed for ${yearsText(m.years)}. It now expires on ${day(m.expiresAt)} (UTC).\n\n`
      + `Your domain: ${domainLink(m)}\n`
      + `Your order: ${orderLink(m)}`,
  };
}

/** `error` is the order's customer sentence; the payment stays recorded until our team refunds or retries. */
export function fulfilmentFailedMail(m: OrderMailFacts & { renewal: boolean; error: string; totalCents: number; currency: string }): MailMessage {
  return {
    to: m.to,
    subject: m.renewal ? `We could not renew ${m.domain}` : `We could not register ${m.domain}`,
    text: `${m.error}\n\n`
      + `Your payment of ${formatAmount(m.totalCents, m.currency)} is recorded and nothing more will be charged. `
      + 'We will write again once the order is retried or refunded.\n\n'
      + `Your order: ${orderLink(m)}\n`
      + `Questions? Open a ticket at ${m.publicUrl}/tickets/new and mention the order.`,
  };
}
