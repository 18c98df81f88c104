import { requireGlobalSuperAdmin } from '../../../access/accountAccess.ts';
import type { Caller } from '../../../rpc/context.ts';

/**
 * The operator's hosting services read every customer's services and log in to their panels as
 * them, so only global super admins pass (the protocol's back_office gate refuses everyone else
 * first; this states it again where it is used).
 */
export const requireServicesOperator = (caller: Caller) => requireGlobalSuperAdmin(caller);
