import { requireGlobalSuperAdmin } from '../../../access/accountAccess.ts';
import type { Caller } from '../../../rpc/context.ts';

/**
 * Importing a server's accounts reads every customer's mapping and writes services into any
 * account: global super admins only, like the rest of the back office (the protocol's
 * back_office gate refuses everyone else first; this states it again where it is used).
 */
export function requireImportOperator(caller: Caller): void {
  requireGlobalSuperAdmin(caller);
}
