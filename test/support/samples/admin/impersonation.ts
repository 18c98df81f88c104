import type { contracts } from '../../../../src/common/admin/impersonation/contract.ts';
import { startImpersonation } from '../../../../src/server/access/impersonation.ts';
import { resolveCaller } from '../../../../src/server/auth/caller.ts';
import type { SampleInput } from '../sampleInputs.ts';

/**
 * The permission matrix's inputs for impersonation (issue 8). The super admin's start leaves
 * their session acting as the account, so stopImpersonation (registered right after it) must
 * come next and end it: later customer functions expect that caller to be an outsider again.
 * Its sample opens an impersonation first when none is open, so it also passes on its own.
 */
export const adminImpersonationSamples: Record<keyof typeof contracts, SampleInput> = {
  startAccountImpersonation: async ({ cast }) => ({ accountId: cast.otherAccountId, reason: 'Permission matrix' }),
  stopImpersonation: async ({ t, cast, as }) => {
    const caller = as && await resolveCaller(t.services, as.token);
    if (caller?.globalRole === 'super_admin' && !caller.actingAs) await startImpersonation(t.services, caller, cast.otherAccountId, 'Permission matrix');
    return {};
  },
};
