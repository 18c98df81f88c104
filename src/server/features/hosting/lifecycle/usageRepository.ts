import type { Db } from '../../../db/transaction.ts';
import type { PanelUsage } from '../../../integrations/panels/panel.ts';

/** Active services on an enabled server, grouped by server (one panel opened per server). */
export async function activeServicesByServer(db: Db) {
  const rows = await db.selectFrom('hosting_services as hs')
    .innerJoin('hosting_servers as s', 's.id', 'hs.server_id')
    .select(['hs.id', 'hs.server_id', 'hs.username', 'hs.domain', 'hs.package', 'hs.panel_ref'])
    .where('hs.status', '=', 'active').where('hs.username', 'is not', null).where('s.enabled', '=', true)
    .orderBy('hs.server_id').orderBy('hs.id')
    .execute();
  const byServer = new Map<string, UsageService[]>();
  for (const row of rows) {
    const list = byServer.get(row.server_id!) ?? [];
    list.push({ ...row, username: row.username! });
    byServer.set(row.server_id!, list);
  }
  return byServer;
}
export interface UsageService {
  id: string;
  username: string;
  domain: string | null;
  package: string | null;
  panel_ref: string;
}

export async function storeUsage(db: Db, serviceId: string, usage: PanelUsage, now: string) {
  await db.updateTable('hosting_services').set({ usage: JSON.stringify(usage), usage_at: now }).where('id', '=', serviceId).execute();
}
