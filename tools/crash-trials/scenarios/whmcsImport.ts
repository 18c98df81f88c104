import { randomBytes } from 'node:crypto';
import { RUN_LEASE_SECONDS } from '../../../src/server/jobs/workRuns.ts';
import { PortalClient } from '../portalClient.ts';
import { type ArmedTrial, randomDelay, type Scenario, type TrialContext, until } from '../trialRunner.ts';

const ROWS = 3000;
const ADMIN_EMAIL = 'crash-admin@example.test';
const ADMIN_PASSWORD = 'crash-trials-admin-password';

interface Summary { total: number; createdDomains: number; updatedDomains: number; skippedDomains: number; errors: unknown[] }

/**
 * (4) WHMCS domain import (importWhmcsDomains, docs/whmcs-import.md): an operator applies a CSV
 * of 3,000 domains of one customer, written 1,000 per transaction. The portal dies at a random
 * moment of the apply, or right after a batch committed. The operator, without an answer, applies
 * the same file again once the portal is back. Afterwards: each domain of the file exactly once,
 * in the customer's account, with the file's expiry date; the second apply's counts add up to the
 * file, and no run of the import is left open.
 */
export function whmcsImportScenario(): Scenario {
  let customerEmail = '';
  let accountId = '';
  let windowMs = 1000;

  const domainOf = (tag: string, i: number) => `${tag}-${i}.com`;
  const expiryOf = (i: number) => `2027-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
  const fileOf = (tag: string) => ['domain,status,registrar,regdate,expirydate,email',
    ...Array.from({ length: ROWS }, (_, i) => `${domainOf(tag, i)},Active,manual,2024-01-15,${expiryOf(i)},${customerEmail}`)].join('\n');
  const imported = (ctx: TrialContext, tag: string) => ctx.db.db.selectFrom('domains')
    .select(['name', 'account_id', 'expiration_date']).where('name', 'like', `${tag}-%`).execute();
  const apply = (ctx: TrialContext, csvText: string) => ctx.client.call<{ summary: Summary }>('importWhmcsDomains', { csvText, mode: 'apply' });

  return {
    name: 'WHMCS import',
    phases: ['random moment', 'a batch committed'],
    async startFakes() {
      return { ADMIN_EMAIL, ADMIN_PASSWORD };
    },
    async prepare(ctx) {
      const customer = new PortalClient(ctx.client.baseUrl);
      ({ accountId, email: customerEmail } = await customer.signUpWithAccount());
      await ctx.client.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
      const tag = `imp-warmup-${randomBytes(4).toString('hex')}`;
      const started = Date.now();
      const answer = await apply(ctx, fileOf(tag));
      if (answer.status !== 200) throw new Error(`the warm-up import answered ${answer.status}: ${JSON.stringify(answer.error)}`);
      windowMs = Date.now() - started;
    },
    async arm(ctx, index, phase): Promise<ArmedTrial> {
      const tag = `imp-${index}-${randomBytes(4).toString('hex')}`;
      const csvText = fileOf(tag);
      const batches = Math.ceil(ROWS / 1000);
      const killMoment = phase === 'a batch committed'
        ? (() => {
          const after = 1000 * (1 + Math.floor(Math.random() * (batches - 1)));
          return until(async () => ((await imported(ctx, tag)).length >= after ? true : undefined), 60_000, `${after} rows of ${tag}`, 2).then(() => {});
        })()
        : randomDelay(windowMs);
      let answered = false;
      void apply(ctx, csvText).then((answer) => { answered = answer.status === 200; }, () => {});
      return {
        killMoment,
        async stageAtKill() {
          const written = (await imported(ctx, tag)).length;
          return answered ? 'answered' : written === 0 ? 'nothing written' : written < ROWS ? 'part written' : 'all written, no answer';
        },
        async recoverAndCheck() {
          const killedAt = ctx.killedAt();
          const violations: string[] = [];
          if (!answered) {
            // Time passing for the dead process's run: its lease (60 s without renewal) is moved into the past.
            const leaseEnd = new Date(killedAt.getTime() + RUN_LEASE_SECONDS * 1000).toISOString();
            await ctx.db.db.updateTable('work_runs').set({ lease_until: new Date(Date.now() - 1000).toISOString() })
              .where('kind', '=', 'whmcs-import').where('status', 'in', ['queued', 'running']).where('lease_until', '<=', leaseEnd).execute();
            const again = await apply(ctx, csvText);
            if (again.status !== 200) violations.push(`${tag}: the second apply answered ${again.status}: ${JSON.stringify(again.error)}`);
            else {
              const s = again.result!.summary;
              if (s.total !== ROWS || s.createdDomains + s.updatedDomains + s.skippedDomains !== ROWS || s.errors.length) {
                violations.push(`${tag}: the second apply counted total ${s.total}, created ${s.createdDomains}, updated ${s.updatedDomains}, skipped ${s.skippedDomains}, errors ${s.errors.length}`);
              }
            }
          }
          const rows = await imported(ctx, tag);
          const byName = new Map<string, number>();
          for (const row of rows) byName.set(row.name, (byName.get(row.name) ?? 0) + 1);
          for (let i = 0; i < ROWS; i += 1) {
            const name = domainOf(tag, i);
            const n = byName.get(name) ?? 0;
            if (n !== 1) violations.push(`${name}: ${n} domain rows`);
          }
          for (const row of rows) {
            const i = Number(row.name.slice(tag.length + 1, -'.com'.length));
            if (row.account_id !== accountId) violations.push(`${row.name}: in account ${row.account_id}, not ${accountId}`);
            if (!row.expiration_date?.startsWith(expiryOf(i))) violations.push(`${row.name}: expires ${row.expiration_date}, the file says ${expiryOf(i)}`);
          }
          const open = await ctx.db.db.selectFrom('work_runs').select(['id', 'status']).where('kind', '=', 'whmcs-import')
            .where('status', 'in', ['queued', 'running']).execute();
          for (const run of open) violations.push(`work run ${run.id} left ${run.status}`);
          return violations.slice(0, 20);
        },
      };
    },
    async stopFakes() {},
  };
}
