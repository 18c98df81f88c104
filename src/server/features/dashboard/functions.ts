import * as dashboard from '../../../common/dashboard/contract.ts';
import { notFound } from '../../rpc/errors.ts';
import { implement } from '../../rpc/registry.ts';
import { requireDashboardReader } from './policy.ts';
import { accountOverview } from './service.ts';

export const handlers = [
  // A hot path: the membership check and the reads are independent, so they run at once (one
  // round trip on PostgreSQL). Promise.all rejects if the check fails, so nothing read leaves.
  implement(dashboard.getDashboard, async ({ accountId }, { caller, services }) => {
    const [, overview] = await Promise.all([
      requireDashboardReader(services.db, caller, accountId),
      accountOverview(services.db, accountId),
    ]);
    if (!overview) throw notFound('The active account could not be found.');
    return overview;
  }),
];
