import { requireGlobalSuperAdmin } from '../../../access/accountAccess.ts';

/**
 * Servers, their groups and the product mapping are the provider's own machinery (credentials to
 * every customer's hosting): global super admins only, like the rest of the back office.
 */
export const requireHostingOperator = requireGlobalSuperAdmin;
