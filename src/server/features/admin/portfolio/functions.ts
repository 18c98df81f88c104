import * as portfolio from '../../../../common/admin/portfolio/contract.ts';
import { record } from '../../../audit/record.ts';
import { latestRun } from '../../../jobs/workRuns.ts';
import { operatorOf } from '../../../rpc/context.ts';
import { implement } from '../../../rpc/registry.ts';
import { listDifferences, requestPortfolioSync } from '../../domains/index.ts';
import { requireOperator } from '../policy.ts';

export const SYNC_QUEUED = 'The portfolio sync is queued; it runs in the background within each registrar\'s rate limits.';
export const SYNC_ALREADY_QUEUED = 'A portfolio sync is already queued or running.';

interface RegistrarSummary { id: string; name: string; domains: number; listed: number; infoReads: number; autoRenewTurnedOff: number; calls: number; error: string | null }

/** The back office's portfolio sync page (issue 18). */
export const handlers = [
  implement(portfolio.getPortfolioSync, async (_input, { caller, services }) => {
    requireOperator(caller);
    const [run, differences] = await Promise.all([latestRun(services.db, 'portfolio-sync'), listDifferences(services.db, portfolio.PORTFOLIO_DIFFERENCES_SHOWN)]);
    const summary = run?.summary as { registrars?: RegistrarSummary[] } | null | undefined;
    return {
      lastRun: run && {
        id: run.id, status: run.status, done: run.done, total: run.total, createdAt: run.createdAt, startedAt: run.startedAt,
        finishedAt: run.finishedAt, error: run.error, requestedBy: run.requestedBy,
        registrars: (summary?.registrars ?? []).map(({ id, name, domains, listed, infoReads, autoRenewTurnedOff, calls, error }) =>
          ({ id, name, domains, listed, infoReads, autoRenewTurnedOff, calls, error })),
      },
      differences: differences.items,
      totalDifferences: differences.total,
    };
  }),

  implement(portfolio.runPortfolioSyncNow, async (_input, ctx) => {
    requireOperator(ctx.caller);
    const queued = await requestPortfolioSync(ctx.services.jobs, ctx.caller.userId, ctx.tx);
    await record(ctx.tx, {
      actor: operatorOf(ctx), actingAs: null, action: 'domains.portfolio_sync_requested', target: { type: 'portfolio_sync', id: null },
      after: { queued }, requestId: ctx.requestId, at: ctx.services.clock.nowIso(),
    });
    return { queued, message: queued ? SYNC_QUEUED : SYNC_ALREADY_QUEUED };
  }),
];
