import * as hostingImport from '../../../../common/hosting/importContract.ts';
import { HOSTING_IMPORT_TEXTS as T } from '../../../../common/hosting/importTexts.ts';
import { record } from '../../../audit/record.ts';
import { operatorOf } from '../../../rpc/context.ts';
import { implementWithOutsideCalls } from '../../../rpc/registry.ts';
import { importAccounts } from './importAccounts.ts';
import { requireImportOperator } from './policy.ts';
import { previewAccounts } from './preview.ts';
import { readServerAccounts } from './serverAccounts.ts';

/**
 * The import of accounts that already exist on a server (issue 22). The panel is read with no
 * transaction open; what it answered is then decided and written in one short unit of work with
 * its audit entry.
 */
export const handlers = [
  implementWithOutsideCalls(hostingImport.previewServerImport, async (input, ctx) => {
    requireImportOperator(ctx.caller);
    const { services } = ctx;
    const { server, accounts } = await readServerAccounts(services, input.serverId);
    const preview = await previewAccounts(services, server, accounts);
    // It shows which customer each panel account belongs to: an operator's bulk read of customers' data.
    await ctx.unitOfWork((unit) => record(unit.tx, {
      actor: operatorOf(ctx), actingAs: null, requestId: ctx.requestId, action: 'hosting.accounts_import_previewed',
      target: { type: 'hosting_import', id: server.id },
      after: { server: server.name, accounts: accounts.length, suggested: preview.accounts.filter((a) => a.suggestedAccount).length },
      at: services.clock.nowIso(),
    }));
    return { server: { id: server.id, name: server.name, panel: server.panel }, ...preview, message: T.previewDone(accounts.length) };
  }),

  implementWithOutsideCalls(hostingImport.importServerAccounts, async (input, ctx) => {
    requireImportOperator(ctx.caller);
    const { services } = ctx;
    const { server, accounts } = await readServerAccounts(services, input.serverId);
    return ctx.unitOfWork(async (unit) => {
      const now = services.clock.nowIso();
      const outcome = await importAccounts(unit.tx.db, server, accounts, input.items, now);
      const skipped = input.items.length - outcome.imported;
      await record(unit.tx, {
        actor: operatorOf(ctx), actingAs: null, requestId: ctx.requestId, action: 'hosting.accounts_imported',
        target: { type: 'hosting_import', id: server.id },
        after: { server: server.name, requested: input.items.length, imported: outcome.imported, skipped, skippedBy: outcome.skippedBy },
        at: now,
      });
      return { imported: outcome.imported, skipped, items: outcome.items, message: T.importDone(outcome.imported, skipped) };
    });
  }),
];
