/** What the customer reads about their hosting services (the /services page and the functions' refusals). */

export const SERVICE_NOT_FOUND = 'Service not found.';
export const SERVICE_BEING_SET_UP = 'Your hosting is being set up. This usually takes a few minutes.';
export const SUSPENDED_OVERDUE = 'Suspended: payment overdue';
export const SUSPENDED_BY_PROVIDER = 'Suspended by the provider';

export const SSO_NOT_ACTIVE = 'The control panel can be opened once the service is active.';
export const SSO_SUSPENDED = 'The control panel cannot be opened while the service is suspended.';
export const SSO_UNSUPPORTED = 'This service has no control panel login. Use the access details from your welcome e-mail.';
export const PANEL_NO_ANSWER = 'The control panel did not answer. Try again in a few minutes.';

export const PASSWORD_NOT_ACTIVE = 'The password can be changed once the service is active.';
export const PASSWORD_UNSUPPORTED = 'The password of this service cannot be changed here.';
export const PASSWORD_CHANGE_PENDING = 'A password change for this service is already in progress. Try again once it is done.';
export const PASSWORD_CHANGE_QUEUED = 'Your new password is being set. It works on the control panel within a few minutes.';

/** The safe symbols of reference/provisioning.md section 3: nothing a URL-encoded body, an XML packet or a shell quote trips over. */
export const PASSWORD_SYMBOLS = '!#%*+-.:=?@^_~';
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 64;
export const PASSWORD_RULES = `${PASSWORD_MIN} to ${PASSWORD_MAX} characters with letters and digits; symbols only from ${PASSWORD_SYMBOLS}; not containing the service's username.`;
export const PASSWORD_TOO_SHORT = `The password must be at least ${PASSWORD_MIN} characters.`;
export const PASSWORD_TOO_LONG = `The password must be at most ${PASSWORD_MAX} characters.`;
export const PASSWORD_NEEDS_LETTER_AND_DIGIT = 'The password must contain both letters and digits.';
export const PASSWORD_BAD_CHARACTER = `The password may only use letters, digits and these symbols: ${PASSWORD_SYMBOLS}`;
export const PASSWORD_HAS_USERNAME = 'The password must not contain the service\'s username.';
