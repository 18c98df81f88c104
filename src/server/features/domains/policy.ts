import type { Kysely } from 'kysely';
import type { AccountRole } from '../../../common/constants.ts';
import { DOMAIN_NOT_FOUND } from '../../../common/domains/domains.ts';
import { ORDER_NOT_FOUND } from '../../../common/domains/orders.ts';
import { administers, requireGlobalSuperAdmin, requireMember, roleIn } from '../../access/accountAccess.ts';
import type { Database } from '../../db/schema.ts';
import type { Caller } from '../../rpc/context.ts';
import { notFound, permissionDenied } from '../../rpc/errors.ts';
import { type AccountDomainRow, type DomainRow, findDomainByName } from './records.ts';
import { findDomainsByNames } from './management/repository.ts';
import { findOrder, type OrderRow } from './orders/repository.ts';

/**
 * Any member of an account may search domains for it (a search is the first step of a
 * registration there). Like every members function, a global super admin who is not a member
 * is refused unless impersonating the account.
 */
export function requireDomainSearcher(db: Kysely<Database>, caller: Caller, accountId: string): Promise<AccountRole> {
  return requireMember(db, caller, accountId);
}

// getTldPricing has no rule beyond being signed in: our prices are the same for every customer.

/** Any member registers for the account and lists its domains (spec §6: customers work on the active account). */
export const requireDomainBuyer = requireMember;
export const requireDomainListReader = requireMember;

/**
 * A domain of an account the caller belongs to (or impersonates). Anyone else gets the same
 * NOT_FOUND as for a name nobody holds, so an outsider cannot learn that a domain is ours.
 */
export async function requireOwnedDomain(db: Kysely<Database>, caller: Caller, name: string): Promise<{ domain: AccountDomainRow; role: AccountRole }> {
  const domain = await findDomainByName(db, name);
  const role = domain && isAccountDomain(domain) ? await roleIn(db, caller, domain.account_id) : null;
  if (!domain || !role) throw notFound(DOMAIN_NOT_FOUND);
  return { domain: domain as AccountDomainRow, role };
}

const isAccountDomain = (domain: DomainRow): domain is AccountDomainRow => domain.account_id !== null;

/**
 * Every name a domain of an account the caller belongs to (bulk Sync). One name outside them
 * refuses the whole set with the same NOT_FOUND as requireOwnedDomain, so the answer never tells
 * which of the names someone else holds. The domains come back once each, in the order named.
 */
export async function requireOwnedDomains(db: Kysely<Database>, caller: Caller, names: string[]): Promise<AccountDomainRow[]> {
  const unique = [...new Set(names)];
  const byName = new Map((await findDomainsByNames(db, unique)).map((domain) => [domain.name, domain]));
  if (byName.size !== unique.length) throw notFound(DOMAIN_NOT_FOUND);
  for (const accountId of new Set([...byName.values()].map((domain) => domain.account_id))) {
    if (accountId === null || !await roleIn(db, caller, accountId)) throw notFound(DOMAIN_NOT_FOUND);
  }
  return unique.map((name) => byName.get(name) as AccountDomainRow);
}

export const TRANSFER_CODE_ADMINS_ONLY = 'Only the account owner or an administrator can reveal the transfer code.';

/** The transfer code moves the domain away from us: the account's owner and admins only. */
export async function requireDomainAdmin(db: Kysely<Database>, caller: Caller, name: string): Promise<{ domain: DomainRow; role: AccountRole }> {
  const owned = await requireOwnedDomain(db, caller, name);
  if (!administers(owned.role)) throw permissionDenied(TRANSFER_CODE_ADMINS_ONLY);
  return owned;
}

/** An order of an account the caller belongs to; anyone else gets 'Order not found'. */
export async function requireOrderMember(db: Kysely<Database>, caller: Caller, orderId: string): Promise<{ order: OrderRow; role: AccountRole }> {
  const order = await findOrder(db, orderId);
  const role = order ? await roleIn(db, caller, order.account_id) : null;
  if (!order || !role) throw notFound(ORDER_NOT_FOUND);
  return { order, role };
}

/** Only global super admins sync suppliers (and, later, set markups). */
export const requireDomainsOperator = requireGlobalSuperAdmin;

