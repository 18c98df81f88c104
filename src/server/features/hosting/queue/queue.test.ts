import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditEntries, signUpOperator } from '../../../../../test/support/operators.ts';
import { accountWithMembers, type AccountWithMembers } from '../../../../../test/support/factories.ts';
import { hostingEvents, seedFailedStep, serviceRow, stepRow } from '../../../../../test/support/hosting.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import {
  RESOLVE_ONLY_FAILED, RETRY_ONLY_FAILED, TERMINATE_CONFIRM_MISMATCH, TERMINATE_CONFIRM_REQUIRED,
} from '../../../../common/hosting/queueContract.ts';
import { stepPasswordInput } from '../lifecycle/stepPassword.ts';

/** The provisioning queue: failed steps listed for operators, Retry, Mark done, the attempt log, steps run by hand. */
describeEachDialect('the provisioning queue', (dialect) => {
  let t: TestApp;
  let a: AccountWithMembers;
  let operator: TestUser;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    a = await accountWithMembers(t);
    operator = await signUpOperator(t);
  });
  afterAll(async () => { await t.stop(); });

  const jobsOf = (stepId: string) => t.services.db.selectFrom('jobs').select(['singleton_key', 'payload']).where('queue', '=', 'hosting.step').execute()
    .then((rows) => rows.filter((r) => JSON.parse(r.payload).stepId === stepId));

  it('lists failed steps newest first with their service, account and server, filtered by action and server, paged', async () => {
    const first = await seedFailedStep(t, a.accountId, 'create');
    const second = await seedFailedStep(t, a.accountId, 'suspend', { reason: 'overdue' });
    await t.services.db.updateTable('hosting_steps').set({ finished_at: new Date(Date.now() + 60_000).toISOString() }).where('id', '=', second.stepId).execute();
    const all = await t.call('listProvisioningQueue', {}, operator);
    expect(all.status).toBe(200);
    const ids = all.result.items.map((i) => i.stepId);
    expect(ids.indexOf(second.stepId)).toBeLessThan(ids.indexOf(first.stepId));
    expect(all.result.items.find((i) => i.stepId === first.stepId)).toMatchObject({
      action: 'create', status: 'failed', serviceId: first.serviceId, accountId: a.accountId, serverId: first.serverId, error: 'Sorry, the package does not exist.', attempts: 1,
    });
    expect(all.result.items.find((i) => i.stepId === first.stepId)!.serverName).toMatch(/^Server /);
    const suspends = await t.call('listProvisioningQueue', { action: 'suspend' }, operator);
    expect(suspends.result.items.every((i) => i.action === 'suspend')).toBe(true);
    expect(suspends.result.items.map((i) => i.stepId)).toContain(second.stepId);
    const onServer = await t.call('listProvisioningQueue', { serverId: first.serverId }, operator);
    expect(onServer.result.items.map((i) => i.stepId)).toEqual([first.stepId]);
    expect(onServer.result.total).toBe(1);
    const paged = await t.call('listProvisioningQueue', { page: 2, pageSize: 1 }, operator);
    expect(paged.result.items).toHaveLength(1);
    expect(paged.result.total).toBe(all.result.total);
  });

  it('shows one step with its attempt log (the timed calls), never a sealed password', async () => {
    const { stepId } = await seedFailedStep(t, a.accountId, 'change_password', stepPasswordInput(t.services.config, 'x', 'Secret-Pass.1234:ab'));
    await t.services.db.insertInto('hosting_attempts').values({
      id: 'hat_log1', step_id: stepId, started_at: '2026-01-01T00:00:00.000Z', finished_at: '2026-01-01T00:00:01.000Z', outcome: 'refused',
      message: 'The password is too weak.', calls: JSON.stringify([{ command: 'passwd', status: 200, ms: 42, outcome: 'result 0: weak' }]),
    }).execute();
    const detail = await t.call('getProvisioningStep', { stepId }, operator);
    expect(detail.status).toBe(200);
    expect(detail.result.step).toMatchObject({ stepId, action: 'change_password', input: {} });
    expect(detail.result.attempts).toEqual([{
      id: 'hat_log1', startedAt: '2026-01-01T00:00:00.000Z', finishedAt: '2026-01-01T00:00:01.000Z', outcome: 'refused', message: 'The password is too weak.',
      calls: [{ command: 'passwd', status: 200, ms: 42, outcome: 'result 0: weak' }],
    }]);
    expect(JSON.stringify(detail.result)).not.toContain('v1.');
    expect((await t.call('getProvisioningStep', { stepId: 'nope' }, operator)).status).toBe(404);
  });

  it('Retry puts a failed step back in the queue with a new job, audited; refused while the step is not failed', async () => {
    const { stepId } = await seedFailedStep(t, a.accountId);
    const res = await t.call('retryProvisioningStep', { stepId }, operator);
    expect(res.result).toEqual({ success: true, stepId, status: 'queued' });
    expect((await stepRow(t, stepId)).status).toBe('queued');
    expect(await jobsOf(stepId)).toHaveLength(1);
    expect(await auditEntries(t, 'hosting.step_retried', stepId)).toMatchObject([{ actorUserId: operator.id, before: { status: 'failed' }, after: { status: 'queued' } }]);

    const again = await t.call('retryProvisioningStep', { stepId }, operator);
    expect(again.status).toBe(400);
    expect(again.error?.message).toBe(RETRY_ONLY_FAILED);
    expect(await jobsOf(stepId)).toHaveLength(1);
  });

  it('Mark done needs a note, resolves the step and gives the service the state the step would have', async () => {
    const create = await seedFailedStep(t, a.accountId, 'create');
    const noNote = await t.callRaw('resolveProvisioningStep', { stepId: create.stepId, note: '  ' }, operator);
    expect(noNote.status).toBe(400);
    const res = await t.call('resolveProvisioningStep', { stepId: create.stepId, note: 'Created by hand in WHM.' }, operator);
    expect(res.result).toEqual({ success: true, stepId: create.stepId, status: 'resolved', serviceStatus: 'active' });
    expect(await stepRow(t, create.stepId)).toMatchObject({ status: 'resolved', resolution_note: 'Created by hand in WHM.' });
    expect((await serviceRow(t, create.serviceId)).status).toBe('active');
    expect((await hostingEvents(t, create.serviceId)).map((e) => e.type)).toEqual(['hosting.service.activated']);
    expect(await auditEntries(t, 'hosting.step_resolved', create.stepId)).toMatchObject([{ after: { note: 'Created by hand in WHM.', serviceStatus: 'active' } }]);

    const suspend = await seedFailedStep(t, a.accountId, 'suspend', { reason: 'operator', note: 'abuse' });
    await t.call('resolveProvisioningStep', { stepId: suspend.stepId, note: 'Suspended in WHM.' }, operator);
    expect(await serviceRow(t, suspend.serviceId)).toMatchObject({ status: 'suspended', suspend_reason: 'operator', suspend_note: 'abuse' });

    const pkg = await seedFailedStep(t, a.accountId, 'change_package', { package: 'business' });
    await t.call('resolveProvisioningStep', { stepId: pkg.stepId, note: 'Changed in WHM.' }, operator);
    expect((await serviceRow(t, pkg.serviceId)).package).toBe('business');

    const terminate = await seedFailedStep(t, a.accountId, 'terminate');
    await t.call('resolveProvisioningStep', { stepId: terminate.stepId, note: 'Removed in WHM.' }, operator);
    expect((await serviceRow(t, terminate.serviceId)).status).toBe('terminated');

    const twice = await t.call('resolveProvisioningStep', { stepId: create.stepId, note: 'again' }, operator);
    expect(twice.status).toBe(400);
    expect(twice.error?.message).toBe(RESOLVE_ONLY_FAILED);
  });

  it('runs a step by hand on a service: recorded, queued and audited; a suspend needs its reason', async () => {
    const { serviceId } = await seedFailedStep(t, a.accountId, 'create');
    const noReason = await t.callRaw('runHostingStep', { serviceId, action: 'suspend' }, operator);
    expect(noReason.status).toBe(400);
    const res = await t.call('runHostingStep', { serviceId, action: 'suspend', reason: 'operator', note: 'abuse report' }, operator);
    expect(res.status).toBe(200);
    const step = await stepRow(t, res.result.stepId);
    expect(step).toMatchObject({ service_id: serviceId, action: 'suspend', status: 'queued', requested_by: operator.id });
    expect(JSON.parse(step.input)).toEqual({ reason: 'operator', note: 'abuse report' });
    expect(await jobsOf(step.id)).toHaveLength(1);
    expect(await auditEntries(t, 'hosting.step_requested', serviceId)).toMatchObject([{ after: { stepId: step.id, action: 'suspend', reason: 'operator' } }]);
    expect((await t.call('runHostingStep', { serviceId: 'missing', action: 'unsuspend' }, operator)).status).toBe(404);
  });

  it('terminates by hand only with the service\'s username typed: none or another is a 400 and nothing is queued', async () => {
    const { serviceId } = await seedFailedStep(t, a.accountId, 'create');
    await t.services.db.updateTable('hosting_services').set({ username: 'shopuser' }).where('id', '=', serviceId).execute();
    const terminations = () => t.services.db.selectFrom('hosting_steps').select('id').where('service_id', '=', serviceId).where('action', '=', 'terminate').execute();

    const none = await t.callRaw('runHostingStep', { serviceId, action: 'terminate' }, operator);
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.error)).toContain(TERMINATE_CONFIRM_REQUIRED);
    for (const confirm of ['shopuse', 'SHOPUSER', ' shopuser', serviceId]) {
      const wrong = await t.callRaw('runHostingStep', { serviceId, action: 'terminate', confirm }, operator);
      expect(wrong.status).toBe(400);
      expect(wrong.error?.message).toBe(TERMINATE_CONFIRM_MISMATCH);
    }
    expect((await t.callRaw('runHostingStep', { serviceId, action: 'terminate', confirm: 'shopuser\u0000' }, operator)).status).toBe(400);
    expect(await terminations()).toEqual([]);
    expect(await auditEntries(t, 'hosting.step_requested', serviceId)).toEqual([]);

    const res = await t.call('runHostingStep', { serviceId, action: 'terminate', confirm: 'shopuser' }, operator);
    expect(res.status).toBe(200);
    expect((await terminations()).map((r) => r.id)).toEqual([res.result.stepId]);
  });

  it('refuses customers, even the service\'s own account owner', async () => {
    const { stepId, serviceId } = await seedFailedStep(t, a.accountId);
    expect((await t.call('listProvisioningQueue', {}, a.owner)).status).toBe(403);
    expect((await t.call('retryProvisioningStep', { stepId }, a.owner)).status).toBe(403);
    expect((await t.call('resolveProvisioningStep', { stepId, note: 'x' }, a.owner)).status).toBe(403);
    expect((await t.call('runHostingStep', { serviceId, action: 'terminate', confirm: serviceId }, a.owner)).status).toBe(403);
    expect((await stepRow(t, stepId)).status).toBe('failed');
  });
});
