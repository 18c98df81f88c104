import * as adminDashboard from '../../../common/contracts/adminDashboard.ts';
import { implement } from '../../rpc/registry.ts';
import { requireStatsReader } from './policy.ts';
import { systemStats } from './statsService.ts';

/** The back office's Dashboard handlers (issue 8). */
export const handlers = [
  implement(adminDashboard.checkSuperAdminStatus, async (_input, { caller }) => ({
    isSuperAdmin: caller.globalRole === 'super_admin',
    globalRole: caller.globalRole,
  })),

  implement(adminDashboard.getSystemStats, async (_input, { caller, services }) => {
    requireStatsReader(caller);
    return systemStats(services);
  }),
];
