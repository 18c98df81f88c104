/** What people read about passkeys: the server's refusals and the profile's and login page's words. */

export const PASSKEY_NAME_REQUIRED = 'Give the passkey a name, such as the device it lives on.';
export const PASSKEY_NAME_TOO_LONG = 'A passkey name must be at most 60 characters.';
export const PASSKEY_NOT_FOUND = 'That passkey was not found among yours. It may have been removed already.';

export const PASSKEY_CHALLENGE_INVALID = 'This passkey request has expired or was already used. Please try again.';
export const PASSKEY_REGISTRATION_FAILED = 'The passkey could not be verified. Please try again, or use another device.';
export const PASSKEY_ALREADY_REGISTERED = 'This passkey is already registered. Pick another authenticator or device.';
export const PASSKEY_SIGN_IN_FAILED = 'This passkey could not sign you in. Use another passkey, or sign in with your password.';
export const PASSKEY_RESPONSE_INVALID = 'The browser sent a passkey answer this site cannot read. Please try again.';

export const PASSKEY_SIGN_IN_BUTTON = 'Sign in with a passkey';
export const PASSKEY_ADD_BUTTON = 'Add a passkey';
export const PASSKEY_EMPTY = 'You have no passkeys yet. A passkey lets you sign in with your fingerprint, face or device PIN instead of your password.';
export const PASSKEY_ADDED = 'Passkey added. You can now sign in with it.';
export const PASSKEY_REMOVED = 'Passkey removed.';
export const PASSKEY_RENAMED = 'Passkey renamed.';
/** The browser or the person cancelled, or the device has no authenticator the site may use. */
export const PASSKEY_BROWSER_REFUSED = 'Your browser did not create or use a passkey: the request was cancelled, timed out, or this device cannot hold one. Try again, or use another device.';
export const PASSKEY_UNSUPPORTED = 'This browser does not support passkeys. Use a recent browser, or sign in with your password.';
export const PASSKEY_SESSION_ENDED = 'Your session has ended. Please sign in again to manage your passkeys.';
export const PASSKEY_FAILED = 'Something went wrong with the passkey. Please try again.';
export const PASSKEY_REMOVE_CONFIRM = 'You will no longer be able to sign in with this passkey. Remove it from your device too, if you no longer use it.';

/** Passkeys as the second step after the password (issue 21). */
export const PASSKEY_SECOND_STEP_HELP = 'Confirm it is you with your passkey: your fingerprint, face or device PIN.';
export const PASSKEY_SECOND_STEP_BUTTON = 'Use my passkey';
export const PASSKEY_INSTEAD = 'Use a passkey instead';
export const PASSKEY_NONE_FOR_SIGN_IN = 'You have no passkey on this account. Enter a code from your authenticator app or a recovery code instead.';
export const PASSKEY_SIGN_IN_PENDING_ENDED = 'Your sign-in has expired. Go back and enter your email and password again.';
/** ASVS V7.5.1: a new way to sign in needs a recent sign-in, not a session left open for days. */
export const SIGN_IN_AGAIN_TO_CHANGE = 'Sign in again to change how you sign in: for your safety this needs a sign-in from the last 10 minutes.';
export const SIGN_IN_AGAIN_BUTTON = 'Sign in again';
