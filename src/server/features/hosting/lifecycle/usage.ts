import type { JobQueue } from '../../../jobs/queue.ts';
import { type PanelAccount, PanelError } from '../../../integrations/panels/panel.ts';
import type { Services } from '../../../rpc/context.ts';
import { findServer, panelOfServer } from '../servers/connection.ts';
import { activeServicesByServer, storeUsage, type UsageService } from './usageRepository.ts';

export const HOSTING_USAGE_QUEUE = 'hosting.usage';
/** Daily, like WHMCS's UsageUpdate, at an odd minute of a quiet hour (UTC). */
export const HOSTING_USAGE_CRON = '41 4 * * *';

export interface UsageSummary {
  /** Services whose figures were stored. */
  updated: number;
  /** Servers skipped because they failed (unreachable, refused credentials, unreadable key). */
  failedServers: number;
}

/** The account as the portal knows it: what an adapter needs to find it again (its username and the panel's own ids). */
const accountOf = (service: UsageService): PanelAccount => ({
  username: service.username, domain: service.domain, package: service.package, suspended: false, suspendReason: null, email: null,
  ref: JSON.parse(service.panel_ref) as Record<string, string>,
});

/**
 * Reads the disk, bandwidth and mailbox figures of every active service, server by server, on
 * panels that report usage, and stores them on the service. A server that fails is logged and
 * skipped, the others go on; an account the panel no longer has is skipped (the daily figures
 * are not the place to decide it is gone).
 */
export async function runUsageUpdate(services: Pick<Services, 'db' | 'config' | 'clock' | 'log'>, signal?: AbortSignal): Promise<UsageSummary> {
  const summary: UsageSummary = { updated: 0, failedServers: 0 };
  for (const [serverId, serverServices] of await activeServicesByServer(services.db)) {
    if (signal?.aborted) break;
    try {
      const row = await findServer(services.db, serverId);
      if (!row) continue;
      const panel = panelOfServer(services.config, row);
      if (!panel.capabilities.usage) continue;
      for (const service of serverServices) {
        try {
          const usage = await panel.usage(accountOf(service), { signal });
          await storeUsage(services.db, service.id, usage, services.clock.nowIso());
          summary.updated += 1;
        } catch (error) {
          if (!(error instanceof PanelError && error.kind === 'not_found')) throw error;
          services.log.warn({ serviceId: service.id, serverId }, 'hosting usage: the panel has no such account; skipped');
        }
      }
    } catch (error) {
      summary.failedServers += 1;
      // PanelError messages are the panel's reason text, never a credential or URL query.
      services.log.error({ serverId, kind: error instanceof PanelError ? error.kind : 'error', reason: error instanceof Error ? error.message : String(error) },
        'hosting usage: server skipped');
    }
  }
  return summary;
}

export async function registerUsageWorker(jobs: JobQueue, services: Services): Promise<void> {
  await jobs.work(HOSTING_USAGE_QUEUE, async (_payload, job) => {
    const summary = await runUsageUpdate(services, job.signal);
    services.log.info({ ...summary }, 'hosting usage update');
  });
  await jobs.schedule(HOSTING_USAGE_QUEUE, HOSTING_USAGE_CRON, {});
}
