import type { Insertable, Selectable, Updateable } from 'kysely';
import type { HostingServerGroupsTable, HostingServersTable } from '../../../db/tables/hosting.ts';
import type { Db } from '../../../db/transaction.ts';
import type { ServerRow } from './connection.ts';

export type GroupRow = Selectable<HostingServerGroupsTable>;

export async function listServerRows(db: Db): Promise<ServerRow[]> {
  return db.selectFrom('hosting_servers').selectAll().orderBy('name').execute();
}

export async function listEnabledServerRows(db: Db): Promise<ServerRow[]> {
  return db.selectFrom('hosting_servers').selectAll().where('enabled', '=', true).orderBy('name').execute();
}

export async function listGroupRows(db: Db): Promise<GroupRow[]> {
  return db.selectFrom('hosting_server_groups').selectAll().orderBy('name').execute();
}

export async function findGroup(db: Db, groupId: string): Promise<GroupRow | undefined> {
  return db.selectFrom('hosting_server_groups').selectAll().where('id', '=', groupId).executeTakeFirst();
}

export async function serverNamed(db: Db, name: string): Promise<string | undefined> {
  return (await db.selectFrom('hosting_servers').select('id').where('name', '=', name).executeTakeFirst())?.id;
}

export async function groupNamed(db: Db, name: string): Promise<string | undefined> {
  return (await db.selectFrom('hosting_server_groups').select('id').where('name', '=', name).executeTakeFirst())?.id;
}

export async function insertServer(db: Db, row: Insertable<HostingServersTable>): Promise<void> {
  await db.insertInto('hosting_servers').values(row).execute();
}

export async function updateServer(db: Db, serverId: string, changes: Updateable<HostingServersTable>): Promise<void> {
  await db.updateTable('hosting_servers').set(changes).where('id', '=', serverId).execute();
}

export async function deleteServerRow(db: Db, serverId: string): Promise<void> {
  await db.deleteFrom('hosting_servers').where('id', '=', serverId).execute();
}

export async function insertGroup(db: Db, row: Insertable<HostingServerGroupsTable>): Promise<void> {
  await db.insertInto('hosting_server_groups').values(row).execute();
}

export async function updateGroup(db: Db, groupId: string, changes: Updateable<HostingServerGroupsTable>): Promise<void> {
  await db.updateTable('hosting_server_groups').set(changes).where('id', '=', groupId).execute();
}

export async function deleteGroupRow(db: Db, groupId: string): Promise<void> {
  await db.deleteFrom('hosting_server_groups').where('id', '=', groupId).execute();
}

/** Every service ever placed on the server, terminated ones included: their rows point at it. */
export async function countServicesOn(db: Db, serverId: string): Promise<number> {
  const row = await db.selectFrom('hosting_services').select((eb) => eb.fn.countAll<number | string>().as('n')).where('server_id', '=', serverId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The portal's live accounts per server (services not terminated). */
export async function liveServicesPerServer(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('hosting_services').select(['server_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('server_id', 'is not', null).where('status', '!=', 'terminated').groupBy('server_id').execute();
  return new Map(rows.map((r) => [r.server_id as string, Number(r.n)]));
}

export async function groupUse(db: Db, groupId: string): Promise<{ servers: number; products: number }> {
  const servers = await db.selectFrom('hosting_servers').select((eb) => eb.fn.countAll<number | string>().as('n')).where('group_id', '=', groupId).executeTakeFirst();
  const products = await db.selectFrom('hosting_products').select((eb) => eb.fn.countAll<number | string>().as('n')).where('group_id', '=', groupId).executeTakeFirst();
  return { servers: Number(servers?.n ?? 0), products: Number(products?.n ?? 0) };
}

export interface HealthFacts {
  at: string;
  ok: boolean;
  latencyMs: number | null;
  error: string | null;
  version?: string | null;
  accounts?: number | null;
  maxAccounts?: number | null;
}

/** A check's result; a failed check keeps the last version and account count the panel told. */
export async function storeHealth(db: Db, serverId: string, facts: HealthFacts): Promise<void> {
  await db.updateTable('hosting_servers').set({
    last_check_at: facts.at, last_check_ok: facts.ok, last_latency_ms: facts.latencyMs, last_error: facts.error,
    ...(facts.ok ? { panel_version: facts.version ?? null, panel_accounts: facts.accounts ?? null, panel_max_accounts: facts.maxAccounts ?? null } : {}),
  }).where('id', '=', serverId).execute();
}
