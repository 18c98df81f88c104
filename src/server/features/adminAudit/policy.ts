import { requireGlobalSuperAdmin } from '../../access/accountAccess.ts';

/** The audit log names every customer an operator touched: global super admins only. */
export const requireAuditReader = requireGlobalSuperAdmin;
