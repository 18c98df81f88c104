import type { Config } from '../config.ts';
import type { MailMessage } from '../integrations/mail/mailer.ts';

export function passwordResetMail(config: Config, to: string, token: string): MailMessage {
  const link = `${config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Reset your password',
    text: `Someone asked to reset the password of your account.\n\nSet a new password here (the link works for one hour):\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.`,
    html: `<p>Someone asked to reset the password of your account.</p><p><a href="${link}">Set a new password</a> (the link works for one hour).</p><p>If it was not you, ignore this e-mail; your password stays as it is.</p>`,
  };
}
