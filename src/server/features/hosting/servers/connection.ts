import type { Selectable } from 'kysely';
import type { HostingServersTable } from '../../../db/tables/hosting.ts';
import type { Db } from '../../../db/transaction.ts';
import type { Config } from '../../../config.ts';
import { createPanel } from '../../../integrations/panels/createPanel.ts';
import { openCredentials, sealCredentials } from '../../../integrations/panels/credentials.ts';
import type { Panel, PanelConnection, PanelCredentials, PanelOptions } from '../../../integrations/panels/panel.ts';

export type ServerRow = Selectable<HostingServersTable>;
type KeyConfig = Pick<Config, 'CREDENTIALS_KEY' | 'AUTH_SECRET'>;
type PanelConfig = KeyConfig & Pick<Config, 'hostingPanel'>;

/** Credentials as stored on a server row: sealed, bound to the row's id. */
export const sealServerCredentials = (config: KeyConfig, serverId: string, credentials: PanelCredentials) =>
  sealCredentials(config, `hosting_servers:${serverId}`, credentials);

/** How an adapter reaches the server of `row`; throws CredentialsUnreadable when the key changed. */
export function connectionOf(config: KeyConfig, row: ServerRow): PanelConnection {
  return {
    kind: row.panel,
    scheme: row.scheme,
    host: row.host,
    port: row.port,
    verifyTls: Boolean(row.verify_tls),
    credentials: openCredentials<PanelCredentials>(config, `hosting_servers:${row.id}`, row.credentials),
    options: JSON.parse(row.options) as PanelOptions,
  };
}

/** The panel of a server row: its adapter, or the panel a test scripts through config.hostingPanel. */
export const panelOfServer = (config: PanelConfig, row: ServerRow): Panel => (config.hostingPanel ?? createPanel)(connectionOf(config, row));

export async function findServer(db: Db, serverId: string): Promise<ServerRow | undefined> {
  return db.selectFrom('hosting_servers').selectAll().where('id', '=', serverId).executeTakeFirst();
}
