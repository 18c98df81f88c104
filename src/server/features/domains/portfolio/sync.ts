import { inTransaction } from '../../../db/transaction.ts';
import { type OwnedDomain, type Registrar, RegistrarError, type RegistrarId } from '../../../integrations/registrars/registrar.ts';
import { runWork, type WorkRun } from '../../../jobs/workRuns.ts';
import type { Services } from '../../../rpc/context.ts';
import { comparedFieldsOf, type Difference, differencesOf } from './compare.ts';
import { RateLimiter, type LimiterStats, type Pacing, realTime } from './rateLimiter.ts';
import { PORTFOLIO_SHARE, REGISTRAR_RATE_LIMITS, type RateLimits, scaleLimits, shareOf } from './rateLimits.ts';
import { type Judged, markInfoChecked, type OurDomainRow, ourDomainsAt, recordDifferences } from './repository.ts';
import { autoRenewNotTurnedOff, NAMECHEAP_AUTO_RENEW_ACTION, notListedAction } from './texts.ts';

/**
 * Domains read one by one (getInfo) per night and registrar, for the fields its bulk list lacks
 * (nameservers at Namecheap and Enom). A share of the daily limit, so the night leaves room for
 * orders: Namecheap's 100 getInfo are 300 of its 8,000 daily calls. The least recently read go first.
 */
export const INFO_READS_PER_NIGHT: Record<RegistrarId, number> = { namecheap: 100, enom: 200, dynadot: 0, cloudflare: 0, sandbox: 0 };

export interface PortfolioSyncOptions {
  requestedBy: string | null;
  signal?: AbortSignal;
  /** The limiter's time (the bench: scaled real time); real time unless given. */
  pacing?: Pacing;
  /** Each registrar's own time (tests: a virtual clock per registrar fake), over `pacing`. */
  pacingFor?: (registrarId: string) => Pacing;
  /** Every rate window this many times as long (the bench's 1/60 runs a minute in a second). */
  timeScale?: number;
  infoReadsPerNight?: Partial<Record<RegistrarId, number>>;
}

export interface RegistrarSyncSummary {
  id: string;
  name: string;
  /** Our domains at this registrar. */
  domains: number;
  /** Of them, found in its bulk list. */
  listed: number;
  infoReads: number;
  autoRenewTurnedOff: number;
  /** HTTP calls made, and the most seen in any one window beside its limit. */
  calls: number;
  peaks: LimiterStats['peaks'];
  /** Why this registrar was not compared (its domains keep the differences recorded before). */
  error: string | null;
}

export interface PortfolioSyncSummary {
  domains: number;
  compared: number;
  differences: number;
  autoRenewTurnedOff: number;
  registrars: RegistrarSyncSummary[];
}

interface RegistrarOutcome {
  summary: RegistrarSyncSummary;
  judged: Judged[];
  differences: Difference[];
  infoChecked: string[];
}

const UNLIMITED: RateLimits = { concurrency: 8, windows: [] };

/**
 * The nightly portfolio sync (issue 18): every domain we manage is compared with its registrar
 * (expiry, status, nameservers, lock, the registrar's own auto-renew), from the registrar's bulk
 * list, and getInfo where the list lacks a field, each call paced within the registrar's
 * published limits. The registrar's auto-renew is turned off where it is on (we renew; theirs
 * would renew a second time); Namecheap's cannot be, and is left to an operator with a sentence.
 * Registrars are asked outside any transaction; what they said is written afterwards.
 */
export async function runPortfolioSync(services: Services, options: PortfolioSyncOptions): Promise<PortfolioSyncSummary> {
  return runWork(services, { kind: 'portfolio-sync', requestedBy: options.requestedBy }, async (run) => {
    const pacing = options.pacing ?? realTime;
    const suppliers = [...new Set((await services.db.selectFrom('domains').select('supplier_id').distinct().execute())
      .map((row) => row.supplier_id).filter((id): id is string => id !== null))];
    const work = await Promise.all(suppliers.map(async (id) => ({ id, ours: await ourDomainsAt(services.db, id) })));
    const total = work.reduce((sum, item) => sum + item.ours.length, 0);
    const progress = progressOf(run, total);
    const outcomes = await Promise.all(work.map(({ id, ours }) => {
      const registrar = services.registrars.find((r) => r.id === id);
      if (!registrar) return notConfigured(id, ours);
      const published = REGISTRAR_RATE_LIMITS[id as Exclude<RegistrarId, 'sandbox'>];
      const limits = published ? shareOf(scaleLimits(published, options.timeScale ?? 1), PORTFOLIO_SHARE) : UNLIMITED;
      const budget = options.infoReadsPerNight?.[id as RegistrarId] ?? INFO_READS_PER_NIGHT[id as RegistrarId] ?? 0;
      return syncRegistrar(services, registrar, ours, new RateLimiter(limits, options.pacingFor?.(id) ?? pacing), budget, progress, options.signal);
    }));
    const at = services.clock.nowIso();
    return inTransaction(services.db, async (tx) => {
      for (const outcome of outcomes) {
        await recordDifferences(tx.db, outcome.judged, outcome.differences, at);
        await markInfoChecked(tx.db, outcome.infoChecked, at);
      }
      const { count } = await tx.db.selectFrom('domain_portfolio_differences').select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
      const summary: PortfolioSyncSummary = {
        domains: total,
        compared: outcomes.reduce((sum, o) => sum + o.judged.length, 0),
        differences: Number(count),
        autoRenewTurnedOff: outcomes.reduce((sum, o) => sum + o.summary.autoRenewTurnedOff, 0),
        registrars: outcomes.map((o) => o.summary),
      };
      await run.complete(tx, summary);
      return summary;
    }, services.log);
  });
}

function progressOf(run: WorkRun, total: number) {
  let done = 0;
  run.progress(0, total);
  return (count: number) => {
    done += count;
    run.progress(done, total);
  };
}

function notConfigured(id: string, ours: OurDomainRow[]): RegistrarOutcome {
  return {
    summary: { id, name: id, domains: ours.length, listed: 0, infoReads: 0, autoRenewTurnedOff: 0, calls: 0, peaks: [], error: 'This registrar is not configured in this installation.' },
    judged: [], differences: [], infoChecked: [],
  };
}

const reasonOf = (error: unknown) => (error instanceof RegistrarError ? error.message : 'an unexpected error');

async function syncRegistrar(
  services: Services, registrar: Registrar, ours: OurDomainRow[], limiter: RateLimiter, infoBudget: number,
  progress: (count: number) => void, signal?: AbortSignal,
): Promise<RegistrarOutcome> {
  const summary: RegistrarSyncSummary = {
    id: registrar.id, name: registrar.name, domains: ours.length, listed: 0, infoReads: 0, autoRenewTurnedOff: 0, calls: 0, peaks: [], error: null,
  };
  const finish = (outcome: Omit<RegistrarOutcome, 'summary'>): RegistrarOutcome => {
    const stats = limiter.report();
    return { summary: { ...summary, calls: stats.calls, peaks: stats.peaks }, ...outcome };
  };
  let listed: Map<string, OwnedDomain>;
  try {
    listed = await listAll(registrar, limiter, new Set(ours.map((d) => d.name)), signal);
  } catch (error) {
    // Without the whole list, "not listed" would be a guess: nothing of this registrar is judged tonight.
    services.log.warn({ registrar: registrar.id, err: error }, 'portfolio sync could not list a registrar');
    summary.error = `The list of domains could not be read: ${reasonOf(error)}`;
    progress(ours.length);
    return finish({ judged: [], differences: [], infoChecked: [] });
  }

  const judged: Judged[] = [];
  const differences: Difference[] = [];
  const answers = new Map<string, OwnedDomain>();
  for (const domain of ours) {
    const theirs = listed.get(domain.name);
    if (theirs) {
      summary.listed++;
      answers.set(domain.id, theirs);
    } else {
      judged.push({ domainId: domain.id, fields: ['listed'] });
      differences.push({ domainId: domain.id, field: 'listed', ours: 'ours', theirs: 'not in the account', action: notListedAction(registrar.name) });
      progress(1);
    }
  }

  // getInfo for the fields the list lacks, least recently read first, within tonight's budget.
  const infoChecked: string[] = [];
  // A list that says "the registrar's own DNS" is enough; custom nameservers need their names.
  const lacking = ours.filter((d) => answers.has(d.id) && !answers.get(d.id)!.nameservers && answers.get(d.id)!.registrarDns !== true)
    .sort((a, b) => (a.infoCheckedAt ?? '').localeCompare(b.infoCheckedAt ?? '')).slice(0, infoBudget);
  await Promise.all(lacking.map(async (domain) => {
    try {
      const info = await limiter.run(registrar.getInfoCalls ?? 1, () => registrar.getInfo(domain.name, { signal }));
      const listedAnswer = answers.get(domain.id)!;
      answers.set(domain.id, { ...listedAnswer, status: info.status, nameservers: info.nameservers, locked: info.locked ?? listedAnswer.locked });
      infoChecked.push(domain.id);
      summary.infoReads++;
    } catch (error) {
      services.log.info({ registrar: registrar.id, domain: domain.name, reason: reasonOf(error) }, 'portfolio sync could not read a domain');
    }
  }));

  const autoRenewOn: OurDomainRow[] = [];
  for (const domain of ours) {
    const theirs = answers.get(domain.id);
    if (!theirs) continue;
    judged.push({ domainId: domain.id, fields: comparedFieldsOf(theirs, registrar.ownDnsSuffix) });
    differences.push(...differencesOf(domain, theirs, registrar.ownDnsSuffix));
    if (theirs.autoRenew === true && !registrar.renewsOnlyByAutoRenew) autoRenewOn.push(domain);
  }

  // The registrar's own auto-renew: off wherever we renew, which is everywhere (settings.ts keeps it off)
  // except at a registrar that renews by nothing else (Cloudflare), where off would let the name expire.
  await Promise.all(autoRenewOn.map(async (domain) => {
    const difference = (action: string): Difference => ({ domainId: domain.id, field: 'registrarAutoRenew', ours: 'off', theirs: 'on', action });
    if (registrar.id === 'namecheap') {
      differences.push(difference(NAMECHEAP_AUTO_RENEW_ACTION));
      return;
    }
    try {
      await limiter.run(1, () => registrar.setAutoRenew(domain.name, false, { signal }));
      summary.autoRenewTurnedOff++;
    } catch (error) {
      if (error instanceof RegistrarError && error.kind === 'unsupported') differences.push(difference(autoRenewNotTurnedOff(registrar.name, 'its API cannot')));
      else differences.push(difference(autoRenewNotTurnedOff(registrar.name, reasonOf(error))));
    }
  }));
  progress(answers.size);
  return finish({ judged, differences, infoChecked });
}

/** The registrar's whole bulk list, a page per paced call; paging stops once every domain of ours was seen. */
async function listAll(registrar: Registrar, limiter: RateLimiter, wanted: Set<string>, signal?: AbortSignal): Promise<Map<string, OwnedDomain>> {
  const listed = new Map<string, OwnedDomain>();
  const keep = (domains: OwnedDomain[]) => {
    for (const domain of domains) listed.set(domain.domain.toLowerCase(), domain);
  };
  if (!registrar.listDomainPage) {
    keep(await limiter.run(1, () => registrar.listDomains({ signal })));
    return listed;
  }
  let seen = 0;
  for (let page: number | null = 1; page !== null;) {
    const current: number = page;
    const answer = await limiter.run(1, () => registrar.listDomainPage!(current, { signal }));
    const before = listed.size;
    for (const domain of answer.domains) if (wanted.has(domain.domain.toLowerCase()) && !listed.has(domain.domain.toLowerCase())) seen++;
    keep(answer.domains);
    // A registrar that ignores the page asked (Dynadot's older list_domain answers the whole account) brings nothing new.
    page = seen >= wanted.size || listed.size === before ? null : answer.nextPage;
  }
  return listed;
}
