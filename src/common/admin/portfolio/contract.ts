import { z } from 'zod';
import { allow, defineContract } from '../../protocol.ts';
import { empty } from '../../contracts/shared.ts';

/** Differences shown on /super-admin/portfolio-sync; the total says how many more there are. */
export const PORTFOLIO_DIFFERENCES_SHOWN = 500;

export const PORTFOLIO_FIELD_LABELS: Record<string, string> = {
  expiry: 'Expiry', status: 'Status', nameservers: 'Nameservers', locked: 'Registrar lock',
  registrarAutoRenew: 'Auto-renew at the registrar', listed: 'In the registrar account',
};

export const portfolioRun = z.object({
  id: z.string(),
  /** queued, running, succeeded or failed. */
  status: z.string(),
  done: z.number().int(),
  total: z.number().int().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  requestedBy: z.string().nullable(),
  /** Per registrar, once the run succeeded. */
  registrars: z.array(z.object({
    id: z.string(), name: z.string(), domains: z.number().int(), listed: z.number().int(), infoReads: z.number().int(),
    autoRenewTurnedOff: z.number().int(), calls: z.number().int(), error: z.string().nullable(),
  })),
});

export const portfolioDifference = z.object({
  domainId: z.string(),
  domain: z.string(),
  registrar: z.string().nullable(),
  field: z.string(),
  ours: z.string().nullable(),
  theirs: z.string().nullable(),
  /** What an operator must do, when the sync cannot put it right itself. */
  action: z.string().nullable(),
  firstSeenAt: z.string(),
  seenAt: z.string(),
});
export type PortfolioDifference = z.infer<typeof portfolioDifference>;

export const getPortfolioSync = defineContract({
  name: 'getPortfolioSync',
  summary: 'The nightly portfolio sync: its last run (done/total, started, finished, per registrar) and the open differences between our domains and their registrars, those needing an operator first.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: empty,
  output: z.object({ lastRun: portfolioRun.nullable(), differences: z.array(portfolioDifference), totalDifferences: z.number().int() }),
});

export const runPortfolioSyncNow = defineContract({
  name: 'runPortfolioSyncNow',
  summary: 'Queues a portfolio sync now (it runs in the background, within each registrar\'s rate limits); refused as already queued while one waits. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: empty,
  output: z.object({ queued: z.boolean(), message: z.string() }),
});

export const contracts = { getPortfolioSync, runPortfolioSyncNow };
