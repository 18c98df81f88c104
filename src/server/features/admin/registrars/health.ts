import { HEALTH_WINDOW_DAYS, type SupplierHealth } from '../../../../common/admin/registrars/contract.ts';
import { latestRun } from '../../../jobs/workRuns.ts';
import type { Services } from '../../../rpc/context.ts';
import { attemptStatsSince, lastAttemptAt, supplierOverview } from '../../domains/index.ts';

/** Registrars with an adapter in this code base; any other supplier id is 'Coming soon'. */
export const ADAPTER_IDS: readonly string[] = ['sandbox', 'namecheap', 'dynadot', 'enom', 'cloudflare'];

const BALANCE_BY_TEST = 'Its API tells the balance: Test API reads it live (not stored).';
const BALANCE_NONE: Record<string, string> = {
  sandbox: 'The sandbox is built in and has no balance.',
  cloudflare: 'Cloudflare bills the account\'s card; its API tells no balance.',
};
const NO_BALANCE = 'No adapter reads this supplier\'s balance.';

/**
 * The health card, from what we recorded, never by asking a registrar: an operator opening the
 * page should not spend rate limits or wait on a slow API. A balance is stored nowhere, so it is
 * not shown stale: the Test API log carries it where the adapter can read it.
 */
export async function registrarHealth(services: Pick<Services, 'db' | 'clock' | 'registrars'>): Promise<SupplierHealth[]> {
  const since = new Date(services.clock.now().getTime() - HEALTH_WINDOW_DAYS * 86_400_000).toISOString();
  const [suppliers, stats, lastAttempts, portfolio] = await Promise.all([
    supplierOverview(services.db), attemptStatsSince(services.db, since), lastAttemptAt(services.db), portfolioCallsAt(services.db),
  ]);
  const domainSyncs = await domainSyncsAt(services.db, suppliers.map((s) => s.id));
  const configured = new Set(services.registrars.map((r) => r.id as string));
  return suppliers.map((s) => {
    const window = stats.get(s.id) ?? { calls: 0, failed: 0, unknown: 0, avgLatencyMs: null, maxLatencyMs: null };
    const attemptAt = lastAttempts.get(s.id) ?? null;
    const [lastCallAt, lastCallKind] = latest(
      [attemptAt, 'Order attempt'], [s.lastSyncedAt, 'TLD sync'], [portfolio.get(s.id) ?? null, 'Portfolio sync'], [domainSyncs.get(s.id) ?? null, 'Domain sync'],
    );
    const hasAdapter = ADAPTER_IDS.includes(s.id);
    return {
      ...s,
      configured: configured.has(s.id),
      comingSoon: !hasAdapter,
      lastCallAt,
      lastCallKind,
      window: { ...window, errorRate: window.calls === 0 ? null : (window.failed + window.unknown) / window.calls },
      balance: BALANCE_NONE[s.id] ?? (hasAdapter ? BALANCE_BY_TEST : NO_BALANCE),
    };
  });
}

/** The registrars the latest finished portfolio sync called, with when it ended (its summary counts calls per registrar). */
async function portfolioCallsAt(db: Services['db']): Promise<Map<string, string>> {
  const run = await latestRun(db, 'portfolio-sync');
  if (run?.status !== 'succeeded' || !run.finishedAt) return new Map();
  const registrars = (run.summary as { registrars?: { id: string; calls: number }[] } | null)?.registrars ?? [];
  return new Map(registrars.filter((r) => r.calls > 0).map((r) => [r.id, run.finishedAt!]));
}

/** When each supplier's latest domain sync ended (it read the supplier's list, whatever it then wrote). */
async function domainSyncsAt(db: Services['db'], supplierIds: string[]): Promise<Map<string, string>> {
  const runs = await Promise.all(supplierIds.map(async (id) => [id, await latestRun(db, `domain-sync:${id}`)] as const));
  return new Map(runs.flatMap(([id, run]) => (run?.finishedAt ? [[id, run.finishedAt] as const] : [])));
}

function latest(...calls: [string | null, string][]): [string | null, string | null] {
  const known = calls.filter((c): c is [string, string] => c[0] !== null).sort((a, b) => Date.parse(b[0]) - Date.parse(a[0]));
  return known[0] ?? [null, null];
}
