import { requireGlobalSuperAdmin } from '../../access/accountAccess.ts';

/**
 * Acting as any customer account is a global super admin's power only. The protocol's
 * back_office access refuses everyone else first; this states the rule where it is used.
 * An operator who is impersonating is still a global super admin, so they can always stop.
 */
export const requireImpersonationOperator = requireGlobalSuperAdmin;
