import type { ServerGroupView, ServerView } from '../../../../common/hosting/serversContract.ts';
import type { Config } from '../../../config.ts';
import { CredentialsUnreadable } from '../../../integrations/panels/credentials.ts';
import type { PanelOptions } from '../../../integrations/panels/panel.ts';
import { connectionOf, type ServerRow } from './connection.ts';
import type { GroupRow } from './repository.ts';

type KeyConfig = Pick<Config, 'CREDENTIALS_KEY' | 'AUTH_SECRET'>;

/** The sentence the health card shows when the sealed credentials no longer open, else null. */
export function credentialsProblem(config: KeyConfig, row: ServerRow): string | null {
  try {
    connectionOf(config, row);
    return null;
  } catch (error) {
    if (error instanceof CredentialsUnreadable) return error.message;
    throw error;
  }
}

/** A server as the back office sees it: everything but the credentials. */
export function serverView(config: KeyConfig, row: ServerRow, groups: Map<string, string>, portalAccounts: number): ServerView {
  const options = JSON.parse(row.options) as PanelOptions;
  return {
    id: row.id,
    name: row.name,
    panel: row.panel,
    groupId: row.group_id,
    groupName: row.group_id ? groups.get(row.group_id) ?? null : null,
    scheme: row.scheme,
    host: row.host,
    port: row.port,
    verifyTls: Boolean(row.verify_tls),
    maxAccounts: row.max_accounts,
    enabled: Boolean(row.enabled),
    options: { sharedIp: options.sharedIp, node: options.node, storage: options.storage, displayHost: options.displayHost },
    credentialsUpdatedAt: row.credentials_updated_at,
    health: {
      lastCheckAt: row.last_check_at,
      lastCheckOk: row.last_check_ok === null ? null : Boolean(row.last_check_ok),
      latencyMs: row.last_latency_ms,
      lastError: row.last_error,
      panelVersion: row.panel_version,
      panelAccounts: row.panel_accounts,
      panelMaxAccounts: row.panel_max_accounts,
      portalAccounts,
      credentialsProblem: credentialsProblem(config, row),
    },
  };
}

export function groupView(row: GroupRow, servers: ServerRow[]): ServerGroupView {
  return { id: row.id, name: row.name, fillPolicy: row.fill_policy, servers: servers.filter((s) => s.group_id === row.id).length };
}
