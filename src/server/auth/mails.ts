import type { Config } from '../config.ts';
import { escapeHtml } from '../integrations/mail/html.ts';
import type { MailMessage } from '../integrations/mail/mailer.ts';

export function passwordResetMail(config: Config, to: string, token: string): MailMessage {
  const link = `${config.PUBLIC_URL}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Reset your password',
    text: `Someone asked to reset the password of your account.\n\nSet a new password here (the link works for one hour):\n${link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.`,
    html: `<p>Someone asked to reset the password of your account.</p><p><a href="${escapeHtml(link)}">Set a new password</a> (the link works for one hour).</p><p>If it was not you, ignore this e-mail; your password stays as it is.</p>`,
  };
}

/** `link` is better-auth's verify-email URL: it proves the address and returns to the page it names, signing nobody in. */
export function verificationMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Verify your e-mail address',
    text: `Please confirm that this is your e-mail address (the link works for 24 hours):\n${link}\n\nUntil you do, invitations to join accounts stay hidden. If you did not sign up, ignore this e-mail.`,
    html: `<p>Please confirm that this is your e-mail address.</p><p><a href="${escapeHtml(link)}">Verify my e-mail address</a> (the link works for 24 hours).</p><p>Until you do, invitations to join accounts stay hidden. If you did not sign up, ignore this e-mail.</p>`,
  };
}

/** An operator removed the user's authenticator and passkeys: if they did not ask for it, they should know at once. */
export function secondFactorResetMail(config: Config, to: string): MailMessage {
  const link = `${config.PUBLIC_URL}/profile`;
  return {
    to,
    subject: 'Two-factor authentication was turned off',
    text: `Our support team turned off two-factor authentication for your account, as you asked: your authenticator app and all your passkeys were removed. Signing in now needs your password only.\n\nSet up an authenticator app or a passkey again on your profile:\n${link}\n\nIf you did not ask for this, change your password and contact support at once.`,
    html: `<p>Our support team turned off two-factor authentication for your account, as you asked: your authenticator app and all your passkeys were removed. Signing in now needs your password only.</p><p><a href="${escapeHtml(link)}">Set up an authenticator app or a passkey again on your profile</a>.</p><p>If you did not ask for this, change your password and contact support at once.</p>`,
  };
}

/** To the owner of an address whose sign-ins were just locked (signInThrottle.ts): sent once per lock. */
export function signInLockedMail(config: Config, to: string, minutes: number): MailMessage {
  const link = `${config.PUBLIC_URL}/login`;
  return {
    to,
    subject: 'Someone tried to sign in to your account',
    text: `Someone tried to sign in to your account with wrong passwords many times. To protect it, signing in with a password is paused for ${minutes} minutes.\n\nIf it was you and you forgot your password, reset it from the sign-in page ("Forgot Password?"):\n${link}\n\nIf it was not you, your password held; consider changing it to a long one you use nowhere else.`,
    html: `<p>Someone tried to sign in to your account with wrong passwords many times. To protect it, signing in with a password is paused for ${minutes} minutes.</p><p>If it was you and you forgot your password, <a href="${escapeHtml(link)}">reset it from the sign-in page</a> ("Forgot Password?").</p><p>If it was not you, your password held; consider changing it to a long one you use nowhere else.</p>`,
  };
}
