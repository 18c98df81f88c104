import { requireGlobalSuperAdmin } from '../../access/accountAccess.ts';

/** The outbox holds every customer's password-reset and invitation links: global super admins only. */
export const requireMailOperator = requireGlobalSuperAdmin;
