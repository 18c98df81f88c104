import type { Config } from '../../config.ts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import { escapeHtml } from '../../integrations/mail/html.ts';

export function invitationLink(config: Config, invitationId: string): string {
  return `${config.PUBLIC_URL}/accept-invitation/${invitationId}`;
}


export function invitationMail(config: Config, invite: {
  to: string; invitationId: string; accountName: string; inviterName: string; inviterEmail: string; expiresAt: string;
}): MailMessage {
  const link = invitationLink(config, invite.invitationId);
  const inviter = invite.inviterName && invite.inviterName !== invite.inviterEmail
    ? `${invite.inviterName} (${invite.inviterEmail})` : invite.inviterEmail;
  const expires = invite.expiresAt.slice(0, 10);
  return {
    to: invite.to,
    subject: `You are invited to join ${invite.accountName}`,
    text: `${inviter} invited you to join the account "${invite.accountName}".\n\n`
      + `Accept the invitation here (sign in or sign up with this e-mail address first):\n${link}\n\n`
      + `The invitation expires on ${expires}. If you did not expect it, ignore this e-mail.`,
    html: `<p>${escapeHtml(inviter)} invited you to join the account <strong>${escapeHtml(invite.accountName)}</strong>.</p>`
      + `<p><a href="${escapeHtml(link)}">Accept the invitation</a> (sign in or sign up with this e-mail address first).</p>`
      + `<p>The invitation expires on ${expires}. If you did not expect it, ignore this e-mail.</p>`,
  };
}
