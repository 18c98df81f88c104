import type { Db } from '../../../db/transaction.ts';

/** The customer's view of hosting_services: the columns the /services page shows, and the server's customer-facing name. */

const columns = [
  's.id', 's.account_id', 's.subscription_id', 's.product_name', 's.panel', 's.server_id', 's.status', 's.suspend_reason', 's.suspend_note',
  's.username', 's.domain', 's.package', 's.usage', 's.usage_at', 's.created_at', 'srv.host as server_host', 'srv.options as server_options',
] as const;

function services(db: Db) {
  return db.selectFrom('hosting_services as s').leftJoin('hosting_servers as srv', 'srv.id', 's.server_id').select(columns);
}

export type ServiceRow = Awaited<ReturnType<typeof findService>> & object;

export async function findService(db: Db, serviceId: string) {
  return services(db).where('s.id', '=', serviceId).executeTakeFirst();
}

export async function listServicesOfAccount(db: Db, accountId: string) {
  return services(db).where('s.account_id', '=', accountId).orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').execute();
}

/**
 * Takes the service's row lock for the rest of the caller's transaction (an update that changes
 * nothing), so two requests for the same service decide one after the other.
 */
export async function lockService(db: Db, serviceId: string): Promise<void> {
  await db.updateTable('hosting_services').set((eb) => ({ status: eb.ref('status') })).where('id', '=', serviceId).execute();
}

/** Whether a password change of the service is still to be carried out (queued, running or waiting to retry). */
export async function hasUnfinishedPasswordChange(db: Db, serviceId: string): Promise<boolean> {
  const row = await db.selectFrom('hosting_steps').select('id').where('service_id', '=', serviceId).where('action', '=', 'change_password')
    .where('status', 'in', ['queued', 'running', 'waiting']).executeTakeFirst();
  return row !== undefined;
}
