import type { Kysely } from 'kysely';
import type { AccountRole } from '../../../common/constants.ts';
import { requireGlobalSuperAdmin, requireMember } from '../../access/accountAccess.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../rpc/context.ts';

/**
 * Any member of an account may search domains for it (a search is the first step of a
 * registration there). Like every members function, a global super admin who is not a member
 * is refused unless impersonating the account.
 */
export function requireDomainSearcher(db: Kysely<Database>, caller: Caller, accountId: string): Promise<AccountRole> {
  return requireMember(db, caller, accountId);
}

// getTldPricing has no rule beyond being signed in: our prices are the same for every customer.

/** Only global super admins sync suppliers (and, later, set markups). */
export const requireDomainsOperator = requireGlobalSuperAdmin;
