/** The sentences and constants of the back office's mail outbox (issue 8); pages import these, never zod. */

export const MAIL_PAGE_SIZE = 25;
export const MAIL_PAGE_MAX = 100;

/** stored: kept here only (no SMTP configured); queued: waiting for delivery; sent; failed: the last attempt failed. */
export const MAIL_STATUSES = ['stored', 'queued', 'sent', 'failed'] as const;
export type MailStatusName = (typeof MAIL_STATUSES)[number];

export const MAIL_STATUS_LABELS: Record<MailStatusName, string> = {
  stored: 'Stored (no SMTP)', queued: 'Queued', sent: 'Sent', failed: 'Failed',
};
export const MAIL_STATUS_OPTIONS = MAIL_STATUSES.map((value) => ({ value, label: MAIL_STATUS_LABELS[value] }));

/** The one-time links a message may carry; the outbox shows each as used or not. */
export const MAIL_LINK_KINDS = ['password_reset', 'email_verification', 'invitation'] as const;
export type MailLinkKind = (typeof MAIL_LINK_KINDS)[number];
export const MAIL_LINK_LABELS: Record<MailLinkKind, { used: string; unused: string }> = {
  password_reset: { used: 'Reset link used', unused: 'Reset link not used' },
  email_verification: { used: 'Address verified', unused: 'Not verified yet' },
  invitation: { used: 'Invitation accepted', unused: 'Invitation not accepted' },
};

export const MESSAGE_NOT_FOUND = 'Message not found.';
export const INVALID_MAIL_CURSOR = 'The page cursor is not valid. Reload the list.';

export const NO_MAIL = 'No messages found matching your criteria';
export const NO_MAIL_HINT = 'Messages appear here as the portal sends them: password resets, invitations, order and billing notices. Clear the filters to see every message.';
export const FAILED_TO_LOAD_MAIL = 'Failed to load the mail outbox';
export const FAILED_TO_LOAD_MESSAGE = 'Failed to load the message';
