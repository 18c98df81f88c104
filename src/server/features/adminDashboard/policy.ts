import { requireGlobalSuperAdmin } from '../../access/accountAccess.ts';

// checkSuperAdminStatus has no rule: anyone signed in may ask whether they are a super admin,
// and the answer is about themselves only.

/** Only global super admins read the platform's figures. */
export const requireStatsReader = requireGlobalSuperAdmin;
