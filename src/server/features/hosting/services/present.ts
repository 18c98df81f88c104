import type { AccountService } from '../../../../common/hosting/servicesContract.ts';
import { SERVICE_BEING_SET_UP, SUSPENDED_BY_PROVIDER, SUSPENDED_OVERDUE } from '../../../../common/hosting/servicesTexts.ts';
import type { PanelCapabilities, PanelOptions, PanelUsage } from '../../../integrations/panels/panel.ts';
import type { ServiceRow } from './repository.ts';

/** The suspension as the customer reads it: why, and the provider's note when they left one. */
export function suspensionReason(row: Pick<ServiceRow, 'status' | 'suspend_reason' | 'suspend_note'>): string | null {
  if (row.status !== 'suspended') return null;
  if (row.suspend_reason === 'overdue') return SUSPENDED_OVERDUE;
  const note = row.suspend_note?.trim();
  return note ? `${SUSPENDED_BY_PROVIDER}: ${note}` : SUSPENDED_BY_PROVIDER;
}

function serverName(row: ServiceRow): string | null {
  if (!row.server_host) return null;
  const options = JSON.parse(row.server_options ?? '{}') as PanelOptions;
  return options.displayHost?.trim() || row.server_host;
}

function usageOf(row: ServiceRow): AccountService['usage'] {
  if (!row.usage) return null;
  const usage = JSON.parse(row.usage) as PanelUsage;
  return {
    diskUsedMb: usage.diskUsedMb ?? null, diskLimitMb: usage.diskLimitMb ?? null, bandwidthUsedMb: usage.bandwidthUsedMb ?? null,
    bandwidthLimitMb: usage.bandwidthLimitMb ?? null, mailboxes: usage.mailboxes ?? null, readAt: row.usage_at,
  };
}

/**
 * One service as its account's people see it. `capabilities` are its panel's (null when the
 * server cannot be reached from here: no abilities then); `manages` is whether the caller is an
 * owner or admin of the account.
 */
export function presentService(row: ServiceRow, renewsAt: string | null, capabilities: PanelCapabilities | null, manages: boolean): AccountService {
  const active = row.status === 'active' && row.username !== null;
  return {
    id: row.id,
    accountId: row.account_id,
    productName: row.product_name,
    status: row.status,
    suspensionReason: suspensionReason(row),
    plan: row.package,
    panel: row.panel,
    server: serverName(row),
    domain: row.domain,
    username: row.username,
    renewsAt,
    usage: usageOf(row),
    setupNote: row.status === 'pending' ? SERVICE_BEING_SET_UP : null,
    abilities: {
      openControlPanel: manages && active && Boolean(capabilities?.sso),
      changePassword: manages && active && Boolean(capabilities?.changePassword),
    },
    createdAt: row.created_at,
  };
}
