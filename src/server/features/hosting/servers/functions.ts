import * as servers from '../../../../common/hosting/serversContract.ts';
import { SERVER_NOT_FOUND } from '../../../../common/hosting/serversTexts.ts';
import { record } from '../../../audit/record.ts';
import { operatorOf } from '../../../rpc/context.ts';
import { failedPrecondition, notFound } from '../../../rpc/errors.ts';
import { implement, implementWithOutsideCalls } from '../../../rpc/registry.ts';
import { findServer } from './connection.ts';
import { checkServer } from './connectionTest.ts';
import { requireHostingOperator } from './policy.ts';
import { storeHealth } from './repository.ts';
import { deleteGroup, deleteServer, saveGroup, saveServer, serversPage, viewOfServer } from './service.ts';

/** /super-admin/servers (issue 22): servers, their groups, Test Connection and the health cards. */
export const handlers = [
  implement(servers.listHostingServers, async (_input, { caller, services }) => {
    requireHostingOperator(caller);
    return serversPage(services);
  }),

  implement(servers.saveHostingServer, async (input, ctx) => {
    requireHostingOperator(ctx.caller);
    return { success: true as const, server: await saveServer(ctx, input) };
  }),

  implement(servers.deleteHostingServer, async ({ serverId }, ctx) => {
    requireHostingOperator(ctx.caller);
    await deleteServer(ctx, serverId);
    return { success: true as const };
  }),

  implementWithOutsideCalls(servers.testHostingServer, async ({ serverId }, ctx) => {
    requireHostingOperator(ctx.caller);
    const row = await findServer(ctx.services.db, serverId);
    if (!row) throw notFound(SERVER_NOT_FOUND);
    const check = await checkServer(ctx.services, ctx.log, row);
    // Nothing was called: the operator must enter the credentials again, which the page says.
    if (check.credentialsUnreadable) throw failedPrecondition(check.error ?? '');
    return ctx.unitOfWork(async (unit) => {
      await storeHealth(unit.tx.db, serverId, check.health);
      await record(unit.tx, {
        actor: operatorOf(unit), actingAs: null, action: 'hosting.server_tested', target: { type: 'hosting_server', id: serverId },
        after: { success: check.success, error: check.error, calls: check.calls.length }, requestId: unit.requestId, at: unit.services.clock.nowIso(),
      });
      return {
        success: check.success, calls: check.calls, error: check.error, facts: check.facts,
        server: await viewOfServer(unit.services, unit.tx.db, serverId),
      };
    });
  }),

  implement(servers.saveServerGroup, async (input, ctx) => {
    requireHostingOperator(ctx.caller);
    return { success: true as const, group: await saveGroup(ctx, input) };
  }),

  implement(servers.deleteServerGroup, async ({ groupId }, ctx) => {
    requireHostingOperator(ctx.caller);
    await deleteGroup(ctx, groupId);
    return { success: true as const };
  }),
];
