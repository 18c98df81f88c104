import { requireGlobalSuperAdmin } from '../../access/accountAccess.ts';

/** Every Users function of the back office serves global super admins only. */
export const requireUsersOperator = requireGlobalSuperAdmin;
