import type { contracts } from '../../../../src/common/admin/users/contract.ts';
import { createUser } from '../../factories.ts';
import type { SampleInput } from '../sampleInputs.ts';

// Writes act on a fresh user so that no call of the matrix changes the cast it shares.

/** The permission matrix's inputs for the back office's Users functions (issue 8). */
export const adminUsersSamples: Record<keyof typeof contracts, SampleInput> = {
  getAllUsers: async () => ({ limit: 5, sortBy: 'email', sortOrder: 'asc' }),
  getUserDetails: async ({ cast }) => ({ userId: cast.member.id }),
  updateUserDetails: async ({ t }) => ({ userId: (await createUser(t)).id, updates: { displayName: 'Renamed by support' }, reason: 'Customer asked by phone' }),
  updateUserGlobalRole: async ({ t }) => ({ targetUserId: (await createUser(t)).id, newGlobalRole: 'user' }),
  sendUserPasswordReset: async ({ t }) => ({ userId: (await createUser(t)).id }),
  setUserDisabled: async ({ t }) => ({ userId: (await createUser(t)).id, disabled: true, reason: 'Abuse report' }),
  endAllUserSessions: async ({ t }) => ({ userId: (await createUser(t)).id, reason: 'Lost laptop' }),
  resetUserSecondFactor: async ({ t }) => ({ userId: (await createUser(t)).id, reason: 'Lost phone, identity checked' }),
};
