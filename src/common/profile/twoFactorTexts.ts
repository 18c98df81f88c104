/** The sentences of two-factor sign-in (issue 21): profile's Security section, the sign-in step, the back office. */

export const RECOVERY_CODE_COUNT = 10;
export const TOTP_DIGITS = 6;

export const TWO_FACTOR_TITLE = 'Two-factor authentication';
export const TWO_FACTOR_OFF = 'Protect your account with a code from an authenticator app (Google Authenticator, 1Password, Authy, ...) each time you sign in.';
export const TWO_FACTOR_ON = 'On: signing in asks for a code from your authenticator app.';
export const ENABLE_TWO_FACTOR = 'Set up two-factor authentication';
export const DISABLE_TWO_FACTOR = 'Turn off two-factor authentication';
export const REGENERATE_CODES = 'New recovery codes';
export const CONFIRM_PASSWORD = 'Enter your password to continue.';
export const SCAN_QR = 'Scan this QR code with your authenticator app, or type the key below into it. Then enter the 6-digit code it shows.';
export const SECRET_LABEL = 'Setup key';
export const CODE_LABEL = '6-digit code';
export const CONFIRM_CODE = 'Turn on';
export const RECOVERY_CODES_TITLE = 'Your recovery codes';
export const RECOVERY_CODES_HELP = `Keep these ${RECOVERY_CODE_COUNT} codes somewhere safe. Each one signs you in once if you lose your authenticator app. They are shown only now.`;
export const COPY_CODES = 'Copy codes';
export const DOWNLOAD_CODES = 'Download codes';
export const CODES_SAVED = 'I have saved my codes';
export const TWO_FACTOR_ENABLED = 'Two-factor authentication is on.';
export const TWO_FACTOR_DISABLED = 'Two-factor authentication is off.';
export const DISABLE_WARNING = 'Signing in will ask for your password only. Enter your password to turn two-factor authentication off.';
export const REGENERATE_WARNING = 'Your old recovery codes stop working. Enter your password to get new ones.';

export const WRONG_CODE = 'That code is not right. Check the time on your device and enter the newest code.';
export const WRONG_RECOVERY_CODE = 'That recovery code is not right, or it was used already.';
export const WRONG_PASSWORD = 'That password is not right.';
export const CHALLENGE_EXPIRED = 'Your sign-in took too long. Please sign in again with your password.';
export const TOO_MANY_TRIES = 'Too many wrong codes. Please wait a few minutes, then sign in again.';
export const TWO_FACTOR_FAILED = 'Something went wrong. Please try again.';

export const SIGN_IN_CODE_TITLE = 'Two-factor authentication';
export const SIGN_IN_CODE_HELP = 'Enter the 6-digit code from your authenticator app.';
export const SIGN_IN_RECOVERY_HELP = 'Enter one of your recovery codes (like abcde-12345). Each code works once.';
export const USE_RECOVERY_CODE = 'Use a recovery code instead';
export const USE_APP_CODE = 'Use a code from my app instead';
export const RECOVERY_CODE_LABEL = 'Recovery code';
export const VERIFY = 'Verify';
export const BACK_TO_SIGN_IN = 'Back to sign-in';

/** REQUIRE_ADMIN_2FA: the sentence of every refused call, and the enrolment page's banner. */
export const ENROL_SECOND_FACTOR_FIRST = 'Operators must set up two-factor authentication before using the portal. Open your profile and, under Security, set up an authenticator app or add a passkey first.';

/** The back office's reset of a user's second factor. */
export const RESET_SECOND_FACTOR = 'Reset two-factor authentication';
export const RESET_SECOND_FACTOR_CONFIRM = 'This removes the user\'s authenticator app, recovery codes and passkeys: they sign in with their password alone until they set it up again. They get an e-mail about it. Only do this once you are sure who is asking.';
export const RESET_SECOND_FACTOR_DONE = 'Two-factor authentication was reset; the user was told by e-mail.';
export const NO_SECOND_FACTOR = 'This user has no two-factor authentication to reset.';
