import { requireGlobalSuperAdmin } from '../../access/accountAccess.ts';

// listProducts has no rule: the catalogue is the shop window, open to anyone signed in or not,
// and it shows only what is for sale (active products with active prices).

/** Only global super admins manage the catalogue. */
export const requireCatalogOperator = requireGlobalSuperAdmin;
