import * as users from '../../../../common/admin/users/contract.ts';
import { implement } from '../../../rpc/registry.ts';
import { requireOperator } from '../policy.ts';
import { requireMayResetSecondFactor } from './policy.ts';
import { resetSecondFactor } from './secondFactorReset.ts';
import { changeGlobalRole, endUserSessions, pageOfUsers, sendPasswordReset, setDisabled, updateDetails, userDetails } from './service.ts';

/** The back office's Users handlers (issue 8). */
export const handlers = [
  implement(users.getAllUsers, async (input, { caller, services }) => {
    requireOperator(caller);
    return pageOfUsers(services.db, input);
  }),

  implement(users.getUserDetails, async ({ userId }, { caller, services }) => {
    requireOperator(caller);
    return { user: await userDetails(services.db, userId) };
  }),

  implement(users.updateUserDetails, async ({ userId, updates, reason }, ctx) => {
    requireOperator(ctx.caller);
    return { user: await updateDetails(ctx, userId, updates, reason) };
  }),

  implement(users.updateUserGlobalRole, async ({ targetUserId, newGlobalRole }, ctx) => {
    requireOperator(ctx.caller);
    return changeGlobalRole(ctx, targetUserId, newGlobalRole);
  }),

  implement(users.sendUserPasswordReset, async ({ userId }, ctx) => {
    requireOperator(ctx.caller);
    return sendPasswordReset(ctx, userId);
  }),

  implement(users.setUserDisabled, async ({ userId, disabled, reason }, ctx) => {
    requireOperator(ctx.caller);
    return setDisabled(ctx, userId, disabled, reason);
  }),

  implement(users.endAllUserSessions, async ({ userId, reason }, ctx) => {
    requireOperator(ctx.caller);
    return endUserSessions(ctx, userId, reason);
  }),

  implement(users.resetUserSecondFactor, async ({ userId, reason }, ctx) => {
    requireMayResetSecondFactor(ctx.caller, userId);
    return resetSecondFactor(ctx, userId, reason);
  }),
];
