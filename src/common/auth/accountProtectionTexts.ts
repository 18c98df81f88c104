/**
 * What the server answers when it refuses a password or holds back sign-ins and mails (issue 21).
 * The web shows these sentences as they come (src/web/api/errorTexts.ts reads them by code).
 */

/** better-auth error codes of the portal's own refusals. */
export const PASSWORD_TOO_COMMON = 'PASSWORD_TOO_COMMON';
export const PASSWORD_TOO_GUESSABLE = 'PASSWORD_TOO_GUESSABLE';
export const SIGN_IN_DELAYED = 'SIGN_IN_DELAYED';
export const SIGN_IN_LOCKED = 'SIGN_IN_LOCKED';

export const PASSWORD_TOO_COMMON_TEXT =
  'This password is one of the most common ones and would be guessed quickly. Choose another.';
export const PASSWORD_TOO_GUESSABLE_TEXT =
  'This password is too easy to guess: it is close to a common password, a word, a name or a simple pattern. Choose a longer one, for example a few unrelated words.';

export function signInDelayedText(seconds: number): string {
  return `Too many failed sign-ins for this e-mail address. Wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before trying again.`;
}

export function signInLockedText(minutes: number): string {
  return `Too many failed sign-ins for this e-mail address: signing in is paused for ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}. If you forgot your password, reset it.`;
}
