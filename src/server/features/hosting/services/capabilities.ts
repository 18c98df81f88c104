import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/transaction.ts';
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

/** What each server's panel offers, for a page of services (no panel is called: capabilities are the adapter's). */
export async function capabilitiesOfServers(db: Db, config: KeyConfig, serverIds: (string | null)[]): Promise<Map<string, PanelCapabilities>> {
  const found = new Map<string, PanelCapabilities>();
  for (const id of new Set(serverIds)) {
    const panel = id ? await panelOfService(db, config, id) : null;
    if (id && panel) found.set(id, panel.capabilities);
  }
  return found;
}
