import { requireGlobalSuperAdmin } from '../../access/accountAccess.ts';

/**
 * The delivery log holds every event's payload (customers' names, domains, orders) and every
 * webhook's answers: global super admins only, like the rest of the event system.
 */
export const requireDeliveryOperator = requireGlobalSuperAdmin;
