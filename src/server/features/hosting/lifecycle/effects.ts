import { liveTopics } from '../../../../common/live.ts';
import type { HostingSuspendReason } from '../../../db/tables/hosting.ts';
import type { Tx } from '../../../db/transaction.ts';
import type { EventType } from '../../../events/catalogue.ts';
import { recordEvent } from '../../../events/recordEvent.ts';
import type { Services } from '../../../rpc/context.ts';
import type { ServiceRow, StepRow } from './stepRepository.ts';

/**
 * What a finished step does to the service row, in the unit of work that ends the step: the
 * state, its event and a live message to open pages. The runner uses these after the panel
 * confirmed the change; an operator's "Mark done" uses the same after doing it by hand.
 */

type Deps = Pick<Services, 'clock' | 'live'>;

async function changed(tx: Tx, services: Deps, service: ServiceRow, type: EventType, extra: Record<string, unknown>, severity: 'info' | 'error' = 'info') {
  await recordEvent(tx, {
    type, accountId: service.account_id, correlationId: service.id, severity, source: 'hosting', at: services.clock.nowIso(),
    payload: { serviceId: service.id, username: service.username, serverId: service.server_id, productName: service.product_name, ...extra },
  });
  // Services belong to subscriptions: the account's billing view shows them, so it refetches.
  services.live.publish(tx, liveTopics.billing(service.account_id), 'billing.changed');
}

/** The account exists on the panel: active, its package and panel ids kept, and no password left on the row. */
export async function markActivated(tx: Tx, services: Deps, service: ServiceRow, facts: { package: string | null; panelRef: Record<string, string> }) {
  const now = services.clock.nowIso();
  await tx.db.updateTable('hosting_services').set({
    status: 'active', activated_at: service.activated_at ?? now, package: facts.package ?? service.package, panel_ref: JSON.stringify(facts.panelRef),
    password: null, updated_at: now,
  }).where('id', '=', service.id).execute();
  await changed(tx, services, service, 'hosting.service.activated', { action: 'create', package: facts.package ?? service.package });
}

export async function markSuspended(tx: Tx, services: Deps, service: ServiceRow, reason: HostingSuspendReason, note: string | null) {
  const now = services.clock.nowIso();
  await tx.db.updateTable('hosting_services').set({ status: 'suspended', suspend_reason: reason, suspend_note: note, suspended_at: service.suspended_at ?? now, updated_at: now })
    .where('id', '=', service.id).execute();
  await changed(tx, services, service, 'hosting.service.suspended', { action: 'suspend', reason, note });
}

export async function markUnsuspended(tx: Tx, services: Deps, service: ServiceRow) {
  await tx.db.updateTable('hosting_services').set({ status: 'active', suspend_reason: null, suspend_note: null, suspended_at: null, updated_at: services.clock.nowIso() })
    .where('id', '=', service.id).execute();
  await changed(tx, services, service, 'hosting.service.unsuspended', { action: 'unsuspend' });
}

export async function markTerminated(tx: Tx, services: Deps, service: ServiceRow) {
  const now = services.clock.nowIso();
  await tx.db.updateTable('hosting_services').set({ status: 'terminated', terminated_at: service.terminated_at ?? now, password: null, updated_at: now })
    .where('id', '=', service.id).execute();
  await changed(tx, services, service, 'hosting.service.terminated', { action: 'terminate' });
}

export async function markPackageChanged(tx: Tx, services: Deps, service: ServiceRow, packageName: string) {
  await tx.db.updateTable('hosting_services').set({ package: packageName, updated_at: services.clock.nowIso() }).where('id', '=', service.id).execute();
  await changed(tx, services, service, 'hosting.service.package_changed', { action: 'change_package', previousPackage: service.package, package: packageName });
}

/** The new password is not kept anywhere: the event only says that it changed. */
export async function markPasswordChanged(tx: Tx, services: Deps, service: ServiceRow) {
  await changed(tx, services, service, 'hosting.service.password_changed', { action: 'change_password' });
}

/** A step that went to the provisioning queue: operators follow this event (webhooks, flows). */
export async function markStepFailed(tx: Tx, services: Deps, service: ServiceRow, step: StepRow, message: string) {
  await changed(tx, services, service, 'hosting.provisioning.failed', { action: step.action, stepId: step.id, message, attempts: step.attempts }, 'error');
}
