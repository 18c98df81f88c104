import type { Tx } from '../../../db/transaction.ts';
import type { Services } from '../../../rpc/context.ts';
import { markActivated, markPackageChanged, markSuspended, markTerminated, markUnsuspended } from '../lifecycle/effects.ts';
import { withoutPassword } from '../lifecycle/stepPassword.ts';
import { findService, parseJson, type StepRow } from '../lifecycle/stepRepository.ts';
import { startNextStep } from '../lifecycle/runStep.ts';

/**
 * "Mark done": an operator did the step by hand on the panel. The step becomes 'resolved' with the
 * note, and the service takes the state the step would have given, with the same event:
 * - create: active (activated now); no welcome mail, since the portal does not know the password
 *   the operator set, and any generated one left on the row is dropped;
 * - suspend: suspended, with the step's reason and note; unsuspend: active, the reason cleared;
 * - terminate: terminated; change_package: the step's package;
 * - change_password: nothing is kept on the service; the step's sealed password is erased.
 * Then the service's next open step may run.
 */
export async function resolveStep(tx: Tx, services: Pick<Services, 'clock' | 'live' | 'jobs'>, step: StepRow, note: string): Promise<string> {
  const service = await findService(tx.db, step.service_id);
  if (!service) throw new Error(`hosting step ${step.id} has no service`);
  const input = parseJson<Record<string, unknown>>(step.input, {});
  if (step.action === 'create') await markActivated(tx, services, service, { package: service.package, panelRef: parseJson(service.panel_ref, {}) });
  if (step.action === 'suspend') await markSuspended(tx, services, service, input.reason === 'operator' ? 'operator' : 'overdue', typeof input.note === 'string' ? input.note : null);
  if (step.action === 'unsuspend') await markUnsuspended(tx, services, service);
  if (step.action === 'terminate') await markTerminated(tx, services, service);
  if (step.action === 'change_package' && typeof input.package === 'string') await markPackageChanged(tx, services, service, input.package);
  const now = services.clock.nowIso();
  await tx.db.updateTable('hosting_steps').set({ status: 'resolved', resolution_note: note, input: JSON.stringify(withoutPassword(input)), updated_at: now, finished_at: now })
    .where('id', '=', step.id).where('status', '=', 'failed').execute();
  await startNextStep(tx, services, step);
  return (await findService(tx.db, step.service_id))!.status;
}
