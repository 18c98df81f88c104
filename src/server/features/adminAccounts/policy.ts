import { requireGlobalSuperAdmin } from '../../access/accountAccess.ts';

/**
 * Every Accounts function reads or changes any customer's account: global super admins only.
 * The protocol's back_office access refuses everyone else first; this states the rule where it is used.
 */
export const requireAccountsOperator = requireGlobalSuperAdmin;
