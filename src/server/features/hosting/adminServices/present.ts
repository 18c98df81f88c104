import type { AdminHostingService, AdminHostingServiceDetail, HostingServiceStep } from '../../../../common/hosting/adminServicesContract.ts';
import type { PanelUsage } from '../../../integrations/panels/panel.ts';
import { parseJson } from '../lifecycle/stepRepository.ts';
import type { AdminServiceRow, stepsOfService } from './repository.ts';

type AdminServiceUsage = NonNullable<AdminHostingServiceDetail['usage']>;

/** Keys of a step's input shown to operators: never the sealed password of a change_password step. */
const SHOWN_INPUT = ['package', 'reason', 'note'];

export function presentAdminService(row: AdminServiceRow, renewsAt: string | null): AdminHostingService {
  return {
    id: row.id,
    status: row.status,
    suspendReason: row.status === 'suspended' ? row.suspend_reason : null,
    suspendNote: row.status === 'suspended' ? row.suspend_note : null,
    productId: row.product_id,
    productName: row.product_name,
    package: row.package,
    panel: row.panel,
    serverId: row.server_id,
    serverName: row.server_name ?? null,
    domain: row.domain,
    username: row.username,
    accountId: row.account_id,
    accountName: row.account_name ?? null,
    renewsAt,
    createdAt: row.created_at,
    failedSteps: Number(row.failed_steps ?? 0),
  };
}

export function presentStep(row: Awaited<ReturnType<typeof stepsOfService>>[number]): HostingServiceStep {
  const input = parseJson<Record<string, unknown>>(row.input, {});
  return {
    id: row.id,
    action: row.action,
    status: row.status,
    requestedAt: row.created_at,
    finishedAt: row.finished_at,
    attempts: Number(row.attempts),
    lastError: row.last_error,
    requestedBy: row.requested_by_email ?? row.requested_by,
    resolutionNote: row.resolution_note,
    input: Object.fromEntries(Object.entries(input).filter(([key]) => SHOWN_INPUT.includes(key))),
  };
}

/** The panel's ids as text (they are ids only: a customer number, a webspace, a vmid and node). */
export function panelRefOf(text: string): Record<string, string> {
  const ref = parseJson<Record<string, unknown>>(text, {});
  return Object.fromEntries(Object.entries(ref).filter(([, v]) => typeof v === 'string' || typeof v === 'number').map(([k, v]) => [k, String(v)]));
}

export function usageOf(usage: string | null, readAt: string | null): AdminServiceUsage | null {
  if (!usage) return null;
  const figures = parseJson<PanelUsage>(usage, {} as PanelUsage);
  return {
    diskUsedMb: figures.diskUsedMb ?? null, diskLimitMb: figures.diskLimitMb ?? null, bandwidthUsedMb: figures.bandwidthUsedMb ?? null,
    bandwidthLimitMb: figures.bandwidthLimitMb ?? null, mailboxes: figures.mailboxes ?? null, readAt,
  };
}
