import type { Config } from '../../config.ts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { escapeHtml } from '../../integrations/mail/html.ts';

export function ticketLink(config: Config, ticketId: string): string {
  return `${config.PUBLIC_URL}/tickets/${encodeURIComponent(ticketId)}`;
}

/** The e-mail a ticket's author gets for each staff reply: the reply itself and the way back to the conversation. */
export function staffReplyMail(config: Config, reply: {
  to: string; ticketId: string; subject: string; body: string; staffName: string;
}): MailMessage {
  const link = ticketLink(config, reply.ticketId);
  return {
    to: reply.to,
    subject: `Re: ${reply.subject}`,
    text: `${reply.staffName} of the support team replied to your ticket "${reply.subject}":\n\n${reply.body}\n\n`
      + `Read the conversation and reply here:\n${link}`,
    html: `<p>${escapeHtml(reply.staffName)} of the support team replied to your ticket <strong>${escapeHtml(reply.subject)}</strong>:</p>`
      + `<blockquote style="white-space:pre-wrap">${escapeHtml(reply.body)}</blockquote>`
      + `<p><a href="${escapeHtml(link)}">Read the conversation and reply</a></p>`,
  };
}
