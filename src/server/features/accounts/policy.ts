import type { Kysely } from 'kysely';
import type { AccountRole } from '../../../common/constants.ts';
import { accountAbilities, requireMember } from '../../access/accountAccess.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../rpc/context.ts';

/**
 * Any member reads an account and may make it their active one. A global super admin reaches
 * other accounts only by impersonating them (audited), never as a plain outsider.
 */
export function requireAccountReader(db: Kysely<Database>, caller: Caller, accountId: string): Promise<AccountRole> {
  return requireMember(db, caller, accountId);
}

/** What the account page offers the caller: settings, members and billing for its owner and admins. */
export const abilitiesOn = accountAbilities;
