import { CANNOT_RESET_OWN_SECOND_FACTOR } from '../../../../common/admin/users/texts.ts';
import type { Caller } from '../../../rpc/context.ts';
import { failedPrecondition } from '../../../rpc/errors.ts';
import { requireOperator } from '../policy.ts';

/**
 * Who may remove a user's second factor: an operator, for someone else. Resetting one's own would
 * let a stolen operator session drop the factor without the password, and would step around
 * REQUIRE_ADMIN_2FA; another operator does it after checking who is asking.
 */
export function requireMayResetSecondFactor(caller: Caller, targetUserId: string): void {
  requireOperator(caller);
  if (caller.userId === targetUserId) throw failedPrecondition(CANNOT_RESET_OWN_SECOND_FACTOR);
}
