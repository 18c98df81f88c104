import type { z } from 'zod';
import * as whmcsImport from '../../../../common/admin/whmcsImport/contract.ts';
import { WHMCS_ERRORS_SHOWN, WHMCS_IMPORT_TEXTS as T } from '../../../../common/admin/whmcsImport/texts.ts';
import { record } from '../../../audit/record.ts';
import { latestRun, runWork } from '../../../jobs/workRuns.ts';
import { operatorOf } from '../../../rpc/context.ts';
import { invalidArgument } from '../../../rpc/errors.ts';
import { implement, implementWithOutsideCalls } from '../../../rpc/registry.ts';
import { readWhmcsCsvInTurns, WhmcsCsvRefused } from '../../domains/index.ts';
import { requireOperator } from '../policy.ts';
import { applyImport, previewImport } from './importService.ts';
import { readDecisions } from './plan.ts';

type RunResult = NonNullable<z.infer<typeof whmcsImport.importRun>['result']>;

const counts = (s: whmcsImport.WhmcsImportSummary) => ({
  total: s.total, created: s.createdDomains, updated: s.updatedDomains, skipped: s.skippedDomains, errors: s.errors.length,
});

async function readCsv(csvText: string) {
  try {
    return await readWhmcsCsvInTurns(csvText);
  } catch (error) {
    if (error instanceof WhmcsCsvRefused) throw invalidArgument(error.message);
    throw error;
  }
}

/**
 * The WHMCS domain import (issue 19). Not a transaction around the handler: apply writes in
 * batches of its own (importService.ts), and its audit entry is written with the run's end.
 */
export const handlers = [
  implementWithOutsideCalls(whmcsImport.importWhmcsDomains, async (input, ctx) => {
    requireOperator(ctx.caller);
    const { services } = ctx;
    const read = await readCsv(input.csvText);
    const request = { read, options: input.options, overrides: readDecisions(input.decisions, read) };
    const audit = { actor: operatorOf(ctx), actingAs: null, requestId: ctx.requestId };

    if (input.mode === 'preview') {
      const summary = await previewImport(services, request);
      // A preview shows which account holds each domain of the file: an operator's bulk read of customers' data.
      await ctx.unitOfWork((unit) => record(unit.tx, {
        ...audit, action: 'domains.whmcs_import_previewed', target: { type: 'whmcs_import', id: null }, after: counts(summary), at: services.clock.nowIso(),
      }));
      return { success: true as const, message: T.previewDone(summary.total), runId: null, summary };
    }

    const written = { rows: 0 };
    let runId: string | null = null;
    try {
      return await runWork({ db: services.db, clock: services.clock, log: ctx.log }, { kind: 'whmcs-import', requestedBy: ctx.caller.userId }, async (run) => {
        runId = run.id;
        const summary = await applyImport(services, request, run, written);
        const c = counts(summary);
        await ctx.unitOfWork(async (unit) => {
          await record(unit.tx, {
            ...audit, action: 'domains.whmcs_imported', target: { type: 'whmcs_import', id: run.id },
            after: { ...c, options: input.options ?? null, overrides: request.overrides.size }, at: services.clock.nowIso(),
          });
          await run.complete(unit.tx, { ...c, firstErrors: summary.errors.slice(0, WHMCS_ERRORS_SHOWN) });
        });
        return { success: true as const, message: T.applyDone(c.created, c.updated, c.skipped, c.errors), runId: run.id, summary };
      });
    } catch (error) {
      // Batches that committed stay (applying the file again finishes the job): the log says how far it got.
      if (runId !== null) {
        await ctx.unitOfWork((unit) => record(unit.tx, {
          ...audit, action: 'domains.whmcs_import_failed', target: { type: 'whmcs_import', id: runId },
          after: { rowsWritten: written.rows, total: read.rows.length }, at: services.clock.nowIso(),
        })).catch((failure: unknown) => ctx.log.error({ err: failure }, 'whmcs import failure not audited'));
      }
      throw error;
    }
  }),

  implement(whmcsImport.getWhmcsImportRun, async (_input, { caller, services }) => {
    requireOperator(caller);
    const run = await latestRun(services.db, 'whmcs-import');
    return {
      run: run && {
        id: run.id, status: run.status as 'queued' | 'running' | 'succeeded' | 'failed', done: Number(run.done),
        total: run.total === null ? null : Number(run.total), createdAt: run.createdAt, finishedAt: run.finishedAt, error: run.error,
        result: run.status === 'succeeded' ? run.summary as RunResult : null,
      },
    };
  }),
];
