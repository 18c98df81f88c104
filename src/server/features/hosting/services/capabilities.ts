import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/transaction.ts';
import { PANEL_CAPABILITIES } from '../../../integrations/panels/capabilities.ts';
import type { Panel, PanelCapabilities } from '../../../integrations/panels/panel.ts';
import { findServer, panelOfServer } from '../servers/connection.ts';

type KeyConfig = Pick<Config, 'CREDENTIALS_KEY' | 'AUTH_SECRET'>;

/** The adapter of the service's server, or null when it has none yet, the server is gone or its credentials no longer open. */
export async function panelOfService(db: Db, config: KeyConfig, serverId: string | null): Promise<Panel | null> {
  if (!serverId) return null;
  const server = await findServer(db, serverId);
  if (!server) return null;
  try {
    return panelOfServer(config, server);
  } catch {
    return null;
  }
}

/**
 * What each server's panel offers, for a page of services: one query for the servers' panel kinds,
 * then the kind's row. No credentials are opened and no panel is called; a server that is gone has none.
 */
export async function capabilitiesOfServers(db: Db, serverIds: (string | null)[]): Promise<Map<string, PanelCapabilities>> {
  const ids = [...new Set(serverIds.filter((id) => id !== null))];
  if (ids.length === 0) return new Map();
  const servers = await db.selectFrom('hosting_servers').select(['id', 'panel']).where('id', 'in', ids).execute();
  return new Map(servers.map((server) => [server.id, PANEL_CAPABILITIES[server.panel]]));
}
