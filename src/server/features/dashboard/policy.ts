import type { Kysely } from 'kysely';
import type { AccountRole } from '../../../common/constants.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../rpc/context.ts';
import { requireMember } from '../../access/accountAccess.ts';

/**
 * Any member of an account, whatever the role, sees its overview. A global super admin who
 * is not a member is an outsider here (PERMISSION_DENIED), like any other non-member.
 */
export function requireDashboardReader(db: Kysely<Database>, caller: Caller, accountId: string): Promise<AccountRole> {
  return requireMember(db, caller, accountId);
}
