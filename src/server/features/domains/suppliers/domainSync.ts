import { SYNC_SKIPPED_SHOWN } from '../../../../common/admin/registrars/contract.ts';
import { domainSyncCompleted, domainSyncStopped } from '../../../../common/admin/registrars/texts.ts';
import { inTransaction, type Tx } from '../../../db/transaction.ts';
import { type OwnedDomain, type Registrar, RegistrarError, type RegistrarId } from '../../../integrations/registrars/registrar.ts';
import { runWork } from '../../../jobs/workRuns.ts';
import type { Services } from '../../../rpc/context.ts';
import { RateLimiter, type Pacing, realTime } from '../portfolio/rateLimiter.ts';
import { PORTFOLIO_SHARE, REGISTRAR_RATE_LIMITS, type RateLimits, shareOf } from '../portfolio/rateLimits.ts';
import { applyListedPage } from './domainSyncRepository.ts';

/** A registrar read whole (the sandbox) is written this many names per unit of work. */
const WRITE_BATCH = 100;
/** A bound on paging, so a registrar that keeps answering new pages cannot run forever. */
const MAX_LIST_PAGES = 5000;
const UNLIMITED: RateLimits = { concurrency: 4, windows: [] };

export interface DomainSyncResult {
  success: boolean;
  totals: { created: number; updated: number; changed: number; skipped: number; pages: number };
  skipped: { domain: string; reason: string }[];
  message: string;
  error: string | null;
  runId: string;
}

export interface DomainSyncOptions {
  requestedBy: string | null;
  /**
   * The caller's audited unit of work that ends the sync, given the result and what the sync
   * writes in that same unit (the run's summary; nothing when the list stopped).
   */
  finish: (result: DomainSyncResult, also: (tx: Tx) => Promise<void>) => Promise<void>;
  /** The limiter's time; real time unless given (tests move a virtual clock). */
  pacing?: Pacing;
}

/** The list stopped part-way: what was written stands, and the run ends failed with the reason. */
class ListStopped extends Error {
  constructor(readonly result: DomainSyncResult) {
    super(result.error ?? 'list stopped');
  }
}

/** The registrar's list could not be read (a write that fails is not this: it fails the run as any database error does). */
class ListUnreadable extends Error {
  constructor(readonly reason: unknown) {
    super('list unreadable');
  }
}

const reasonOf = (error: unknown) => (error instanceof RegistrarError ? error.message : 'the registrar answered unexpectedly.');

/**
 * A supplier's portfolio into the inventory (issue 19): its list read page by page within its
 * published rate limits (the nightly sync's share of them), each page written in a unit of work
 * of its own once it arrived, never with a transaction open while the registrar answers. A list
 * that fails part-way leaves the pages before it written; a re-run reads them again and only
 * refreshes them, so nothing is left that a re-run does not complete. One run per supplier at a
 * time across processes (a second waits, then runs in full).
 */
export async function syncSupplierDomainList(
  services: Services, registrar: Registrar, supplier: { id: string; name: string }, options: DomainSyncOptions,
): Promise<DomainSyncResult> {
  try {
    return await runWork(services, {
      kind: `domain-sync:${supplier.id}`, requestedBy: options.requestedBy,
      describeFailure: (error) => (error instanceof ListStopped ? error.result.error ?? undefined : undefined),
    }, async (run) => {
      const published = REGISTRAR_RATE_LIMITS[registrar.id as Exclude<RegistrarId, 'sandbox'>];
      const limiter = new RateLimiter(published ? shareOf(published, PORTFOLIO_SHARE) : UNLIMITED, options.pacing ?? realTime);
      const totals = { created: 0, updated: 0, changed: 0, skipped: 0, pages: 0 };
      const skipped: DomainSyncResult['skipped'] = [];
      const seen = new Set<string>();

      const write = async (domains: OwnedDomain[]) => {
        const fresh = domains.filter((d) => !seen.has(d.domain.toLowerCase()));
        for (const d of fresh) seen.add(d.domain.toLowerCase());
        if (fresh.length > 0) {
          const page = await inTransaction(services.db, (tx) => applyListedPage(tx.db, supplier.id, fresh, services.clock.nowIso()), services.log);
          totals.created += page.created;
          totals.updated += page.updated;
          totals.changed += page.changed;
          totals.skipped += page.skipped.length;
          skipped.push(...page.skipped.slice(0, SYNC_SKIPPED_SHOWN - skipped.length));
        }
        return fresh.length;
      };
      const result = (error: string | null): DomainSyncResult => ({
        success: error === null, totals: { ...totals }, skipped: [...skipped], error, runId: run.id,
        message: error ?? domainSyncCompleted(supplier.name, totals.created, totals.updated),
      });

      run.progress(0, null);
      try {
        if (!registrar.listDomainPage) {
          const all = await limiter.run(1, () => registrar.listDomains()).catch((error: unknown) => { throw new ListUnreadable(error); });
          totals.pages = 1;
          for (let i = 0; i < all.length; i += WRITE_BATCH) {
            await write(all.slice(i, i + WRITE_BATCH));
            run.progress(Math.min(i + WRITE_BATCH, all.length), all.length);
          }
        } else {
          for (let page: number | null = 1; page !== null && totals.pages < MAX_LIST_PAGES;) {
            const current: number = page;
            const answer = await limiter.run(1, () => registrar.listDomainPage!(current)).catch((error: unknown) => { throw new ListUnreadable(error); });
            totals.pages++;
            const fresh = await write(answer.domains);
            // A registrar that ignores the page asked (Dynadot's older list_domain answers the whole account) brings nothing new.
            page = fresh === 0 ? null : answer.nextPage;
            run.progress(seen.size, page === null ? seen.size : null);
          }
        }
      } catch (error) {
        if (!(error instanceof ListUnreadable)) throw error;
        services.log.warn({ registrar: registrar.id, err: error.reason, pages: totals.pages }, 'supplier domain sync stopped');
        const stopped = result(domainSyncStopped(supplier.name, totals.pages, totals.created, totals.updated, reasonOf(error.reason)));
        await options.finish(stopped, async () => {});
        throw new ListStopped(stopped);
      }
      const done = result(null);
      await options.finish(done, (tx) => run.complete(tx, done));
      return done;
    });
  } catch (error) {
    if (error instanceof ListStopped) return error.result;
    throw error;
  }
}
