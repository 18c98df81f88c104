import { requireGlobalSuperAdmin } from '../../access/accountAccess.ts';

/** Events carry every customer's activity, and collecting one sets off deliveries: global super admins only. */
export const requireEventsOperator = requireGlobalSuperAdmin;
