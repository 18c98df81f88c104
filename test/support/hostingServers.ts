import { randomUUID } from 'node:crypto';
import type { PanelConnection } from '../../src/server/integrations/panels/panel.ts';
import { sealServerCredentials } from '../../src/server/features/hosting/servers/connection.ts';
import type { TestApp } from './testApp.ts';

/** A server group written as a row (tests that check the functions must not depend on them). */
export async function insertServerGroup(t: TestApp, over: { name?: string; fillPolicy?: 'fill' | 'spread' } = {}): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await t.services.db.insertInto('hosting_server_groups').values({
    id, name: over.name ?? `Group ${id.slice(0, 8)}`, fill_policy: over.fillPolicy ?? 'fill', created_at: now, updated_at: now,
  }).execute();
  return id;
}

/** Where nothing listens: a connection to it is refused at once. */
export const NOWHERE: PanelConnection = {
  kind: 'cpanel', scheme: 'http', host: '127.0.0.1', port: 9, verifyTls: false,
  credentials: { kind: 'cpanel', username: 'root', apiToken: 'NOWHERE-TOKEN' }, options: {},
};

/** A server row reaching `connection`, its credentials sealed as the portal seals them. */
export async function insertServer(t: TestApp, connection: PanelConnection = NOWHERE, over: { groupId?: string | null; name?: string; enabled?: boolean } = {}): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await t.services.db.insertInto('hosting_servers').values({
    id, name: over.name ?? `server-${id.slice(0, 8)}`, panel: connection.kind, group_id: over.groupId ?? null, scheme: connection.scheme,
    host: connection.host, port: connection.port, verify_tls: connection.verifyTls,
    credentials: sealServerCredentials(t.services.config, id, connection.credentials), credentials_updated_at: now,
    options: JSON.stringify(connection.options), enabled: over.enabled ?? true, created_at: now, updated_at: now,
  }).execute();
  return id;
}
