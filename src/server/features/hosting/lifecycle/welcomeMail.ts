import type { MailMessage } from '../../../integrations/mail/mailer.ts';

export interface WelcomeFacts {
  to: string;
  plan: string;
  /** The server's name for customers (options.displayHost, else its host). */
  host: string;
  username: string;
  password: string;
  domain: string | null;
  publicUrl: string;
}

/** The only place the account's first password is ever written out: the portal keeps no copy once this is queued. */
export function welcomeMail(m: WelcomeFacts): MailMessage {
  return {
    to: m.to,
    subject: `Your ${m.plan} hosting is ready`,
    text: `Your ${m.plan} hosting account is set up.\n\n`
      + `Server: ${m.host}\n`
      + `Username: ${m.username}\n`
      + `Password: ${m.password}\n`
      + (m.domain ? `Domain: ${m.domain}\n` : '')
      + '\nKeep this password safe: we do not store it. You can set a new one at any time on your service page.\n'
      + `Your services: ${m.publicUrl}/services`,
  };
}
