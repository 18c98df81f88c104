// Constants from the customer-portal spec (section 9) and this product's own rules.
export const PRODUCT_NAME = 'Provider Portal';
export const FUNCTION_TIMEOUT_MS = 70_000;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

export const TICKET_PRIORITIES = ['low', 'medium', 'high'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const DEFAULT_TICKET_PRIORITY: TicketPriority = 'medium';

/**
 * The support desk's cycle: a staff reply makes a ticket 'answered', a customer reply
 * 'customer-reply' (a closed one too: writing again reopens it); staff or the customer close it.
 * Every status but 'closed' is open in the customer's sense (the dashboard counts those).
 */
export const TICKET_STATUSES = ['open', 'answered', 'customer-reply', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: 'Open', answered: 'Answered', 'customer-reply': 'Customer reply', closed: 'Closed',
};

/** Accounts are created active; the back office suspends and closes them. */
export const ACCOUNT_STATUSES = ['active', 'suspended', 'closed'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const ACCOUNT_ROLES = ['account_owner', 'super_admin', 'member'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];
export const INVITE_ROLES = ['super_admin', 'member'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];
export const DEFAULT_INVITE_ROLE: InviteRole = 'super_admin';

export const GLOBAL_ROLES = ['user', 'super_admin'] as const;
export type GlobalRole = (typeof GLOBAL_ROLES)[number];

/** What an invitation row stores; 'expired' is only ever shown, derived from expires_at. */
export const STORED_INVITATION_STATUSES = ['pending', 'accepted', 'revoked'] as const;
export type StoredInvitationStatus = (typeof STORED_INVITATION_STATUSES)[number];

export const INVITATION_TTL_DAYS = 7;

export const REDIRECT_AFTER_TICKET_MS = 1_500;
export const REDIRECT_AFTER_INVITATION_MS = 2_000;

export const HEADER_HIDE_AFTER_PX = 80;
export const HEADER_TOP_THRESHOLD_PX = 5;

/** Roles that administer an account (settings, members, billing). */
export const ACCOUNT_ADMIN_ROLES: readonly AccountRole[] = ['account_owner', 'super_admin'];
