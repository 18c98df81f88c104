import type { ServerFillPolicy } from '../../../db/tables/hosting.ts';
import type { Db } from '../../../db/transaction.ts';

/** A server that may take new accounts, with the portal's live services on it. */
export interface ServerLoad {
  id: string;
  name: string;
  maxAccounts: number | null;
  accounts: number;
}

/**
 * Where a new account goes: among servers with room (no limit, or fewer services than the limit),
 * 'fill' takes the fullest (packs servers, leaving others free to retire or sell), 'spread' the
 * emptiest. Ties go to the name that sorts first, so the choice is the same on every run.
 */
export function chooseServer(servers: ServerLoad[], policy: ServerFillPolicy): ServerLoad | null {
  const withRoom = servers.filter((s) => s.maxAccounts === null || s.accounts < s.maxAccounts);
  const sorted = [...withRoom].sort((a, b) => (policy === 'fill' ? b.accounts - a.accounts : a.accounts - b.accounts) || a.name.localeCompare(b.name));
  return sorted[0] ?? null;
}

/** The group's enabled servers with the count of the portal's services on each that are not terminated. */
export async function loadsOfGroup(db: Db, groupId: string): Promise<{ policy: ServerFillPolicy; servers: ServerLoad[] } | null> {
  const group = await db.selectFrom('hosting_server_groups').select(['fill_policy']).where('id', '=', groupId).executeTakeFirst();
  if (!group) return null;
  const rows = await db.selectFrom('hosting_servers as s')
    .select((eb) => ['s.id', 's.name', 's.max_accounts', eb.selectFrom('hosting_services as v').select((v) => v.fn.countAll<number | string>().as('n'))
      .whereRef('v.server_id', '=', 's.id').where('v.status', '!=', 'terminated').as('accounts')])
    .where('s.group_id', '=', groupId).where('s.enabled', '=', true).execute();
  return {
    policy: group.fill_policy,
    servers: rows.map((r) => ({ id: r.id, name: r.name, maxAccounts: r.max_accounts === null ? null : Number(r.max_accounts), accounts: Number(r.accounts ?? 0) })),
  };
}
