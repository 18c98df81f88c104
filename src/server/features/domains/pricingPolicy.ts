import type { Caller } from '../../rpc/context.ts';
import { permissionDenied } from '../../rpc/errors.ts';

// getTldPricing has no rule beyond being signed in: our prices are the same for every customer.

/**
 * Only global super admins sync suppliers (and, later, set markups). The protocol already refuses
 * the back office to everyone else; the rule stands here beside the area it protects.
 */
export function requireDomainsOperator(caller: Caller): void {
  if (caller.globalRole !== 'super_admin') throw permissionDenied();
}
