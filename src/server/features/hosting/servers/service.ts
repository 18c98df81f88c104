import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { saveHostingServer, saveServerGroup, ServerGroupView, ServerView } from '../../../../common/hosting/serversContract.ts';
import {
  CREDENTIALS_KIND_MISMATCH, CREDENTIALS_REQUIRED, GROUP_NAME_TAKEN, GROUP_NOT_FOUND, groupInUse, PANEL_CHANGE_NEEDS_CREDENTIALS,
  SERVER_NAME_TAKEN, SERVER_NOT_FOUND, serverInUse,
} from '../../../../common/hosting/serversTexts.ts';
import { record } from '../../../audit/record.ts';
import type { Db } from '../../../db/transaction.ts';
import type { PanelCredentials, PanelOptions } from '../../../integrations/panels/panel.ts';
import { type BackOfficeWriteContext, operatorOf, type Services } from '../../../rpc/context.ts';
import { aborted, alreadyExists, invalidArgument, notFound } from '../../../rpc/errors.ts';
import { findServer, sealServerCredentials, type ServerRow } from './connection.ts';
import * as repo from './repository.ts';
import { groupView, serverView } from './views.ts';

type ServerInput = z.output<typeof saveHostingServer.input>;
type GroupInput = z.output<typeof saveServerGroup.input>;

/** Every server and group, as the servers page shows them. */
export async function serversPage(services: Services, db: Db = services.db): Promise<{ servers: ServerView[]; groups: ServerGroupView[] }> {
  const [rows, groups, live] = await Promise.all([repo.listServerRows(db), repo.listGroupRows(db), repo.liveServicesPerServer(db)]);
  const names = new Map(groups.map((g) => [g.id, g.name]));
  return {
    servers: rows.map((row) => serverView(services.config, row, names, live.get(row.id) ?? 0)),
    groups: groups.map((g) => groupView(g, rows)),
  };
}

export async function viewOfServer(services: Services, db: Db, serverId: string): Promise<ServerView> {
  const row = await findServer(db, serverId);
  if (!row) throw notFound(SERVER_NOT_FOUND);
  const group = row.group_id ? await repo.findGroup(db, row.group_id) : undefined;
  const live = await repo.liveServicesPerServer(db);
  return serverView(services.config, row, new Map(group ? [[group.id, group.name]] : []), live.get(row.id) ?? 0);
}

/** What an audit entry may say about a server: its settings, never its credentials. */
const audited = (row: Pick<ServerRow, 'name' | 'panel' | 'group_id' | 'scheme' | 'host' | 'port' | 'verify_tls' | 'max_accounts' | 'enabled' | 'options'>) => ({
  name: row.name, panel: row.panel, groupId: row.group_id, scheme: row.scheme, host: row.host, port: row.port,
  verifyTls: Boolean(row.verify_tls), maxAccounts: row.max_accounts, enabled: Boolean(row.enabled), options: JSON.parse(row.options) as unknown,
});

export async function saveServer(ctx: BackOfficeWriteContext, input: ServerInput): Promise<ServerView> {
  const { tx, services } = ctx;
  const now = services.clock.nowIso();
  if (input.credentials && input.credentials.kind !== input.panel) throw invalidArgument(CREDENTIALS_KIND_MISMATCH);
  if (input.groupId && !await repo.findGroup(tx.db, input.groupId)) throw notFound(GROUP_NOT_FOUND);
  const sameName = await repo.serverNamed(tx.db, input.name);
  if (sameName && sameName !== input.serverId) throw alreadyExists(SERVER_NAME_TAKEN);
  const options: PanelOptions = Object.fromEntries(Object.entries(input.options).filter(([, v]) => v !== undefined));
  const fields = {
    name: input.name, panel: input.panel, group_id: input.groupId, scheme: input.scheme, host: input.host, port: input.port,
    verify_tls: input.verifyTls, max_accounts: input.maxAccounts, enabled: input.enabled, options: JSON.stringify(options),
  };
  const credentials = input.credentials as PanelCredentials | undefined;

  if (!input.serverId) {
    if (!credentials) throw invalidArgument(CREDENTIALS_REQUIRED);
    const id = randomUUID();
    await repo.insertServer(tx.db, {
      id, ...fields, credentials: sealServerCredentials(services.config, id, credentials), credentials_updated_at: now, created_at: now, updated_at: now,
    });
    await record(tx, {
      actor: operatorOf(ctx), actingAs: null, action: 'hosting.server_added', target: { type: 'hosting_server', id },
      after: audited(fields), requestId: ctx.requestId, at: now,
    });
    return viewOfServer(services, tx.db, id);
  }

  const before = await findServer(tx.db, input.serverId);
  if (!before) throw notFound(SERVER_NOT_FOUND);
  // Stored credentials belong to one panel kind: another kind cannot reuse them.
  if (before.panel !== input.panel && !credentials) throw invalidArgument(PANEL_CHANGE_NEEDS_CREDENTIALS);
  await repo.updateServer(tx.db, before.id, {
    ...fields, updated_at: now,
    ...(credentials ? { credentials: sealServerCredentials(services.config, before.id, credentials), credentials_updated_at: now } : {}),
  });
  await record(tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'hosting.server_updated', target: { type: 'hosting_server', id: before.id },
    before: audited(before), after: { ...audited(fields), credentialsReplaced: Boolean(credentials) }, requestId: ctx.requestId, at: now,
  });
  return viewOfServer(services, tx.db, before.id);
}

export async function deleteServer(ctx: BackOfficeWriteContext, serverId: string): Promise<void> {
  const { tx, services } = ctx;
  const row = await findServer(tx.db, serverId);
  if (!row) throw notFound(SERVER_NOT_FOUND);
  const used = await repo.countServicesOn(tx.db, serverId);
  if (used > 0) throw aborted(serverInUse(used));
  await repo.deleteServerRow(tx.db, serverId);
  await record(tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'hosting.server_deleted', target: { type: 'hosting_server', id: serverId },
    before: audited(row), requestId: ctx.requestId, at: services.clock.nowIso(),
  });
}

export async function saveGroup(ctx: BackOfficeWriteContext, input: GroupInput): Promise<ServerGroupView> {
  const { tx, services } = ctx;
  const now = services.clock.nowIso();
  const sameName = await repo.groupNamed(tx.db, input.name);
  if (sameName && sameName !== input.groupId) throw alreadyExists(GROUP_NAME_TAKEN);
  let id = input.groupId;
  if (id) {
    const before = await repo.findGroup(tx.db, id);
    if (!before) throw notFound(GROUP_NOT_FOUND);
    await repo.updateGroup(tx.db, id, { name: input.name, fill_policy: input.fillPolicy, updated_at: now });
    await record(tx, {
      actor: operatorOf(ctx), actingAs: null, action: 'hosting.group_updated', target: { type: 'hosting_server_group', id },
      before: { name: before.name, fillPolicy: before.fill_policy }, after: { name: input.name, fillPolicy: input.fillPolicy }, requestId: ctx.requestId, at: now,
    });
  } else {
    id = randomUUID();
    await repo.insertGroup(tx.db, { id, name: input.name, fill_policy: input.fillPolicy, created_at: now, updated_at: now });
    await record(tx, {
      actor: operatorOf(ctx), actingAs: null, action: 'hosting.group_added', target: { type: 'hosting_server_group', id },
      after: { name: input.name, fillPolicy: input.fillPolicy }, requestId: ctx.requestId, at: now,
    });
  }
  const group = await repo.findGroup(tx.db, id);
  return groupView(group!, await repo.listServerRows(tx.db));
}

export async function deleteGroup(ctx: BackOfficeWriteContext, groupId: string): Promise<void> {
  const { tx, services } = ctx;
  const group = await repo.findGroup(tx.db, groupId);
  if (!group) throw notFound(GROUP_NOT_FOUND);
  const use = await repo.groupUse(tx.db, groupId);
  if (use.servers > 0 || use.products > 0) throw aborted(groupInUse(use.servers, use.products));
  await repo.deleteGroupRow(tx.db, groupId);
  await record(tx, {
    actor: operatorOf(ctx), actingAs: null, action: 'hosting.group_deleted', target: { type: 'hosting_server_group', id: groupId },
    before: { name: group.name, fillPolicy: group.fill_policy }, requestId: ctx.requestId, at: services.clock.nowIso(),
  });
}
