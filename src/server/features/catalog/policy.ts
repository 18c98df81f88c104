import type { Caller } from '../../rpc/context.ts';
import { permissionDenied } from '../../rpc/errors.ts';

// listProducts has no rule: the catalogue is the shop window, open to anyone signed in or not,
// and it shows only what is for sale (active products with active prices).

/**
 * Only global super admins manage the catalogue. The protocol already refuses the back office to
 * everyone else; the rule is repeated here so that it stands beside the area it protects.
 */
export function requireCatalogOperator(caller: Caller): void {
  if (caller.globalRole !== 'super_admin') throw permissionDenied();
}
