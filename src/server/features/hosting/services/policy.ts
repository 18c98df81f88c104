import type { Kysely } from 'kysely';
import { SERVICE_NOT_FOUND } from '../../../../common/hosting/servicesTexts.ts';
import type { AccountRole } from '../../../../common/constants.ts';
import type { Database } from '../../../db/schema.ts';
import type { Caller } from '../../../rpc/context.ts';
import { notFound, permissionDenied } from '../../../rpc/errors.ts';
import { administers, requireMember, roleIn } from '../../../access/accountAccess.ts';
import { findService, type ServiceRow } from './repository.ts';

export const SERVICE_MANAGERS_ONLY = 'Only the account\'s owner and admins can do this.';

/** Any member of an account sees its services. */
export function requireServicesReader(db: Kysely<Database>, caller: Caller, accountId: string): Promise<AccountRole> {
  return requireMember(db, caller, accountId);
}

/**
 * A service the caller's account holds, with the caller's role there. Unknown ids and other
 * accounts' services get the same 404, so an outsider learns nothing about which exist.
 */
export async function requireServiceReader(db: Kysely<Database>, caller: Caller, serviceId: string): Promise<{ service: ServiceRow; role: AccountRole }> {
  const service = await findService(db, serviceId);
  const role = service ? await roleIn(db, caller, service.account_id) : null;
  if (!service || !role) throw notFound(SERVICE_NOT_FOUND);
  return { service, role };
}

/** Logging in to the panel and setting its password hand over the hosting account: owners and admins only. */
export async function requireServiceManager(db: Kysely<Database>, caller: Caller, serviceId: string): Promise<ServiceRow> {
  const { service, role } = await requireServiceReader(db, caller, serviceId);
  if (!administers(role)) throw permissionDenied(SERVICE_MANAGERS_ONLY);
  return service;
}

export const managesServices = administers;
