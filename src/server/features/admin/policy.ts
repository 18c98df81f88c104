import { requireGlobalSuperAdmin } from '../../access/accountAccess.ts';

/**
 * The back office is gated as a whole: every admin function reads or changes any customer's data
 * (accounts, payloads, the outbox's reset links, orders, money), so only global super admins pass.
 * The protocol's back_office access refuses everyone else first; each handler states the rule again
 * where it is used, so a function moved out of the gate cannot lose it silently.
 */
export const requireOperator = requireGlobalSuperAdmin;
