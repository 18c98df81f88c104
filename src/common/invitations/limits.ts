/** Invitations cost the provider mail and reputation: per-account caps (issue 21, docs/decisions.md). */
export const MAX_PENDING_INVITATIONS_PER_ACCOUNT = 50;
/** Invitations from one account to one address in a rolling 24 hours, re-sends and revoked ones included. */
export const MAX_INVITATIONS_PER_ADDRESS_PER_DAY = 3;
export const INVITATION_ADDRESS_WINDOW_MS = 24 * 60 * 60 * 1000;
