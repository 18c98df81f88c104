import * as adminDashboard from '../../../../common/admin/dashboard/contract.ts';
import { implement } from '../../../rpc/registry.ts';
import { requireOperator } from '../policy.ts';
import { systemStats } from './statsService.ts';

/** The back office's Dashboard handlers (issue 8). */
export const handlers = [
  // No rule: anyone signed in may ask whether they are a super admin, and the answer is about themselves only.
  implement(adminDashboard.checkSuperAdminStatus, async (_input, { caller }) => ({
    isSuperAdmin: caller.globalRole === 'super_admin',
    globalRole: caller.globalRole,
  })),

  implement(adminDashboard.getSystemStats, async (_input, { caller, services }) => {
    requireOperator(caller);
    return systemStats(services);
  }),
];
