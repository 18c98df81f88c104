import type { AdminHostingServiceDetail, HostingServiceStep } from '../../../../common/hosting/adminServicesContract.ts';
import type { Services } from '../../../rpc/context.ts';
import { renewalDatesOf } from '../../billing/index.ts';
import { capabilitiesOfServers } from '../services/capabilities.ts';
import { panelRefOf, presentAdminService, presentStep, usageOf } from './present.ts';
import { findServiceDetail, isOpenStep, mappedGroupOf, stepsOfService } from './repository.ts';

/**
 * One service as an operator sees it, with what may be done to it now and its job history; null
 * for an unknown id. No panel is called: the abilities come from the adapter's capabilities.
 */
export async function serviceDetail({ db }: Pick<Services, 'db'>, serviceId: string)
  : Promise<{ service: AdminHostingServiceDetail; steps: HostingServiceStep[] } | null> {
  const row = await findServiceDetail(db, serviceId);
  if (!row) return null;
  const [stepRows, renewals, capabilities, mappedGroup] = await Promise.all([
    stepsOfService(db, serviceId),
    renewalDatesOf(db, row.subscription_id ? [row.subscription_id] : []),
    capabilitiesOfServers(db, [row.server_id]),
    mappedGroupOf(db, row.product_id),
  ]);
  const steps = stepRows.map(presentStep);
  const open = steps.filter((s) => isOpenStep(s.status));
  // The packages are the server's group's; a service without a server yet gets them from its product's mapping.
  const groupId = row.server_group_id ?? mappedGroup;
  const sso = row.server_id ? capabilities.get(row.server_id)?.sso ?? false : false;
  return {
    service: {
      ...presentAdminService(row, row.subscription_id ? renewals.get(row.subscription_id) ?? null : null),
      source: row.source,
      subscriptionId: row.subscription_id,
      panelRef: panelRefOf(row.panel_ref),
      usage: usageOf(row.usage, row.usage_at),
      pastDueSince: row.past_due_since,
      activatedAt: row.activated_at,
      suspendedAt: row.suspended_at,
      terminatedAt: row.terminated_at,
      packageSource: groupId ? { panel: row.panel, groupId } : null,
      abilities: {
        create: row.status === 'pending' && !open.some((s) => s.action === 'create'),
        openControlPanel: row.status === 'active' && row.username !== null && sso,
      },
      busy: open.length > 0,
    },
    steps,
  };
}
