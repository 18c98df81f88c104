import { requireGlobalSuperAdmin } from '../../access/accountAccess.ts';

/**
 * Webhooks and flows send the whole platform's events to outside addresses: global super admins
 * only. The protocol's back_office access refuses everyone else first; this states the rule where it is used.
 */
export const requireEventsOperator = requireGlobalSuperAdmin;
