import * as queue from '../../../../common/hosting/queueContract.ts';
import { record } from '../../../audit/record.ts';
import { operatorOf } from '../../../rpc/context.ts';
import { failedPrecondition, notFound } from '../../../rpc/errors.ts';
import { implement } from '../../../rpc/registry.ts';
import { requestStep, sendStepJob } from '../lifecycle/requestStep.ts';
import { findService, findStep, sortableId } from '../lifecycle/stepRepository.ts';
import { requireFailedStep, requireQueueOperator, requireTerminateConfirmed } from './policy.ts';
import { listFailedSteps, stepDetail } from './repository.ts';
import { resolveStep } from './resolve.ts';

/** The provisioning queue (issue 22): failed lifecycle steps, Retry, Mark done, and steps run by hand. No panel is called here: the runner does that. */
export const handlers = [
  implement(queue.listProvisioningQueue, async (input, { caller, services }) => {
    requireQueueOperator(caller);
    const page = input.page ?? 1;
    const pageSize = input.pageSize ?? queue.QUEUE_PAGE_SIZE;
    return { ...await listFailedSteps(services.db, { action: input.action, serverId: input.serverId, page, pageSize }), page, pageSize };
  }),

  implement(queue.getProvisioningStep, async ({ stepId }, { caller, services }) => {
    requireQueueOperator(caller);
    const detail = await stepDetail(services.db, stepId);
    if (!detail) throw notFound(queue.STEP_NOT_FOUND);
    return detail;
  }),

  implement(queue.retryProvisioningStep, async ({ stepId }, ctx) => {
    requireQueueOperator(ctx.caller);
    const { tx, services } = ctx;
    const step = await findStep(tx.db, stepId);
    if (!step) throw notFound(queue.STEP_NOT_FOUND);
    requireFailedStep(step.status, 'retry');
    const now = services.clock.nowIso();
    const moved = await tx.db.updateTable('hosting_steps').set({ status: 'queued', next_attempt_at: null, finished_at: null, updated_at: now })
      .where('id', '=', stepId).where('status', '=', 'failed').executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw failedPrecondition(queue.RETRY_ONLY_FAILED);
    await sendStepJob(services.jobs, stepId, `${stepId}:operator:${sortableId('r')}`, { tx });
    await record(tx, {
      actor: operatorOf(ctx), actingAs: null, action: 'hosting.step_retried', target: { type: 'hosting_step', id: stepId },
      before: { status: step.status, error: step.last_error, attempts: step.attempts }, after: { status: 'queued', action: step.action, serviceId: step.service_id },
      requestId: ctx.requestId, at: now,
    });
    return { success: true as const, stepId, status: 'queued' as const };
  }),

  implement(queue.resolveProvisioningStep, async ({ stepId, note }, ctx) => {
    requireQueueOperator(ctx.caller);
    const { tx, services } = ctx;
    const step = await findStep(tx.db, stepId);
    if (!step) throw notFound(queue.STEP_NOT_FOUND);
    requireFailedStep(step.status, 'resolve');
    const serviceStatus = await resolveStep(tx, services, step, note);
    await record(tx, {
      actor: operatorOf(ctx), actingAs: null, action: 'hosting.step_resolved', target: { type: 'hosting_step', id: stepId },
      before: { status: step.status, error: step.last_error }, after: { status: 'resolved', action: step.action, serviceId: step.service_id, serviceStatus, note },
      requestId: ctx.requestId, at: services.clock.nowIso(),
    });
    return { success: true as const, stepId, status: 'resolved' as const, serviceStatus };
  }),

  implement(queue.runHostingStep, async (input, ctx) => {
    requireQueueOperator(ctx.caller);
    const { tx, services } = ctx;
    const service = await findService(tx.db, input.serviceId);
    if (!service) throw notFound(queue.SERVICE_NOT_FOUND);
    if (input.action === 'terminate') requireTerminateConfirmed(service, input.confirm);
    const stepInput = input.action === 'suspend' ? { reason: input.reason, ...(input.note ? { note: input.note } : {}) }
      : input.action === 'change_package' ? { package: input.package } : {};
    const stepId = await requestStep(tx, services, { serviceId: service.id, action: input.action, input: stepInput, requestedBy: ctx.caller.userId });
    await record(tx, {
      actor: operatorOf(ctx), actingAs: null, action: 'hosting.step_requested', target: { type: 'hosting_service', id: service.id },
      before: { status: service.status, package: service.package }, after: { stepId, action: input.action, ...stepInput },
      requestId: ctx.requestId, at: services.clock.nowIso(),
    });
    return { success: true as const, stepId };
  }),
];
