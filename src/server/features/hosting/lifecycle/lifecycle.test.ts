import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountWithMembers, type AccountWithMembers } from '../../../../../test/support/factories.ts';
import {
  attemptRows, hostingEvents, requestHostingStep, seedHostingPlan, seedPendingService, seedServer, seedServerGroup, serviceRow, stepReaches, stepRow,
} from '../../../../../test/support/hosting.ts';
import { ManualClock } from '../../../../../test/support/clock.ts';
import { fakePanels } from '../../../../../test/support/panels/index.ts';
import type { FakePanel } from '../../../../../test/support/panels/fakePanel.ts';
import { signUpOperator } from '../../../../../test/support/operators.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';
import { waitFor } from '../../../../../test/support/waitFor.ts';
import { createPanel } from '../../../integrations/panels/createPanel.ts';
import { createProxmoxPanel } from '../../../integrations/panels/proxmox/index.ts';
import { generateUsername } from './accountNames.ts';
import { stepPasswordInput } from './stepPassword.ts';

/**
 * The lifecycle on every panel's fake: a requested step is run by the worker, reads the panel's
 * state first, and leaves the service, the panel and the records agreeing.
 */
describeEachDialect('the hosting lifecycle runner', (dialect) => {
  describe.each(Object.entries(fakePanels))('on %s', (_kind, startFake) => {
    let t: TestApp;
    let a: AccountWithMembers;
    let fake: FakePanel;
    let productId: string;
    const clock = new ManualClock();
    /** Names the generator hands out next (a test makes one collide), then random ones. */
    const nextNames: string[] = [];
    const logLines: string[] = [];
    /** Function answers an operator saw, checked for secrets at the end. */
    const answers: string[] = [];
    let operator: TestUser;

    beforeAll(async () => {
      fake = await startFake!();
      t = await startTestApp(dialect, {
        runWorkers: true, clock,
        config: {
          // The time a create that never answers is given: long enough that the calls around it fit on a loaded CI machine.
          panelTimeoutMs: 3_000,
          hostingUsernames: (domain) => nextNames.shift() ?? generateUsername(domain),
          // Proxmox's task polls start at 100 ms and double: a create's two tasks alone took 1.4 s, the old time-out's 1.5 s nearly whole.
          hostingPanel: (connection) => (connection.kind === 'proxmox' ? createProxmoxPanel(connection, { pollIntervalMs: 5 }) : createPanel(connection)),
        },
      });
      for (const level of ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const) {
        const original = t.services.log[level].bind(t.services.log);
        vi.spyOn(t.services.log, level).mockImplementation(((...args: unknown[]) => {
          // Fastify's request lines hold sockets (cycles): each object is written once.
          const seen = new WeakSet<object>();
          logLines.push(JSON.stringify(args, (_k, v: unknown) => {
            if (v instanceof Error) return { message: v.message, stack: v.stack, cause: String(v.cause ?? '') };
            if (typeof v === 'object' && v !== null) {
              if (seen.has(v)) return '[seen]';
              seen.add(v);
            }
            return v;
          }));
          return (original as (...a: unknown[]) => void)(...args);
        }) as never);
      }
      a = await accountWithMembers(t);
      operator = await signUpOperator(t);
      const groupId = await seedServerGroup(t);
      await seedServer(t, fake, { groupId, displayHost: 'web1.example.net' });
      productId = (await seedHostingPlan(t, { panel: fake.kind, groupId, packageName: 'starter', name: 'Business' })).productId;
    });
    afterAll(async () => {
      await t?.stop();
      await fake?.close();
    });

    const pending = (domain?: string) => seedPendingService(t, { accountId: a.accountId, productId, productName: 'Business', panel: fake.kind, domain });
    const welcomeMails = async (username: string | null) => (await t.outbox(a.owner.email)).filter((m) => m.text_body.includes(`Username: ${username}`));
    const creates = () => fake.http.requests.filter((r) => fake.isOperation(r, 'create')).length;
    const onPanel = (username: string | null) => fake.accounts().filter((acc) => acc.username === username);
    const run = async (serviceId: string, action: Parameters<typeof requestHostingStep>[2], input?: Record<string, unknown>) => {
      const stepId = await requestHostingStep(t, serviceId, action, input);
      return stepReaches(t, stepId, ['done', 'failed', 'waiting']);
    };
    async function activeService(domain?: string) {
      const serviceId = await pending(domain);
      const step = await run(serviceId, 'create');
      expect(step.status, step.last_error ?? '').toBe('done');
      return serviceId;
    }

    it('creates the account: the service is active, one account on the panel, the welcome mail sent, and no password left on the row', async () => {
      const serviceId = await pending();
      const step = await run(serviceId, 'create');
      expect(step.status, step.last_error ?? '').toBe('done');
      const service = await serviceRow(t, serviceId);
      expect(service).toMatchObject({ status: 'active', package: 'starter', password: null });
      expect(service.username).toMatch(/^[a-z][a-z0-9]{7}$/);
      expect(service.server_id).not.toBeNull();
      expect(service.activated_at).not.toBeNull();
      const accounts = onPanel(service.username);
      expect(accounts).toHaveLength(1);
      expect(accounts[0]!.package).toBe('starter');
      const welcome = await welcomeMails(service.username);
      expect(welcome).toHaveLength(1);
      expect(welcome[0]!.text_body).toContain(`Password: ${accounts[0]!.password}`);
      expect(welcome[0]!.text_body).toContain('web1.example.net');
      expect(welcome[0]!.text_body).toContain(service.domain!);
      expect((await attemptRows(t, step.id)).map((r) => r.outcome)).toEqual(['done']);
      expect(JSON.parse((await attemptRows(t, step.id))[0]!.calls).length).toBeGreaterThan(0);
      expect((await hostingEvents(t, serviceId)).map((e) => e.type)).toEqual(['hosting.service.activated']);
    });

    it('suspends and unsuspends, each a second time as "already", with the reason kept on the service', async () => {
      const serviceId = await activeService();
      const username = (await serviceRow(t, serviceId)).username;
      const first = await run(serviceId, 'suspend', { reason: 'overdue' });
      expect(first.status, first.last_error ?? '').toBe('done');
      expect(onPanel(username)[0]!.suspended).toBe(true);
      expect(await serviceRow(t, serviceId)).toMatchObject({ status: 'suspended', suspend_reason: 'overdue' });
      const second = await run(serviceId, 'suspend', { reason: 'overdue' });
      expect((await attemptRows(t, second.id)).map((r) => r.outcome)).toEqual(['already']);
      expect(onPanel(username)[0]!.suspended).toBe(true);

      const back = await run(serviceId, 'unsuspend');
      expect(back.status, back.last_error ?? '').toBe('done');
      expect((await attemptRows(t, back.id)).map((r) => r.outcome)).toEqual(['done']);
      expect(onPanel(username)[0]!.suspended).toBe(false);
      expect(await serviceRow(t, serviceId)).toMatchObject({ status: 'active', suspend_reason: null, suspended_at: null });
      const again = await run(serviceId, 'unsuspend');
      expect((await attemptRows(t, again.id)).map((r) => r.outcome)).toEqual(['already']);
      expect(onPanel(username)[0]!.suspended).toBe(false);
      // One event per step ('already' included: the service's state was confirmed); the test clock stands still, so compare as a set.
      expect((await hostingEvents(t, serviceId)).map((e) => e.type).sort()).toEqual([
        'hosting.service.activated', 'hosting.service.suspended', 'hosting.service.suspended', 'hosting.service.unsuspended', 'hosting.service.unsuspended',
      ]);
    });

    it('changes the package (an upgrade), and a second change to it is "already"', async () => {
      const serviceId = await activeService();
      const username = (await serviceRow(t, serviceId)).username;
      const step = await run(serviceId, 'change_package', { package: 'business' });
      expect(step.status, step.last_error ?? '').toBe('done');
      expect(onPanel(username)[0]!.package).toBe('business');
      expect((await serviceRow(t, serviceId)).package).toBe('business');
      const again = await run(serviceId, 'change_package', { package: 'business' });
      expect((await attemptRows(t, again.id)).map((r) => r.outcome)).toEqual(['already']);
    });

    it('changes the password on the panel, and the step keeps no password once it ended', async () => {
      const serviceId = await activeService();
      const username = (await serviceRow(t, serviceId)).username;
      const before = onPanel(username)[0]!.password;
      const password = 'Nw-Pass.word42:Zx~Q';
      const step = await run(serviceId, 'change_password', stepPasswordInput(t.services.config, serviceId, password));
      expect(step.status, step.last_error ?? '').toBe('done');
      expect(onPanel(username)[0]!.password).toBe(password);
      expect(onPanel(username)[0]!.password).not.toBe(before);
      expect(JSON.parse((await stepRow(t, step.id)).input)).toEqual({});
      expect((await hostingEvents(t, serviceId)).map((e) => e.type)).toContain('hosting.service.password_changed');
    });

    it('terminates: the account is gone from the panel and the service terminated; a second terminate is "already"', async () => {
      const serviceId = await activeService();
      const username = (await serviceRow(t, serviceId)).username;
      const step = await run(serviceId, 'terminate');
      expect(step.status, step.last_error ?? '').toBe('done');
      expect(onPanel(username)).toHaveLength(0);
      expect((await serviceRow(t, serviceId)).status).toBe('terminated');
      const again = await run(serviceId, 'terminate');
      expect((await attemptRows(t, again.id)).map((r) => r.outcome)).toEqual(['already']);
    });

    it('runs the steps of one service in the order requested', async () => {
      const serviceId = await pending();
      const ids = [
        await requestHostingStep(t, serviceId, 'create'),
        await requestHostingStep(t, serviceId, 'suspend', { reason: 'operator', note: 'abuse report' }),
        await requestHostingStep(t, serviceId, 'change_package', { package: 'business' }),
      ];
      for (const id of ids) expect((await stepReaches(t, id, ['done', 'failed'])).status).toBe('done');
      const finished = await Promise.all(ids.map(async (id) => (await stepRow(t, id)).finished_at!));
      expect([...finished].sort()).toEqual(finished);
      const service = await serviceRow(t, serviceId);
      expect(service).toMatchObject({ status: 'suspended', suspend_reason: 'operator', suspend_note: 'abuse report', package: 'business' });
      expect(onPanel(service.username)[0]).toMatchObject({ suspended: true, package: 'business' });
    });

    it('a create the panel carried out but never answered is read back at once: exactly one account, never sent twice', async () => {
      const serviceId = await pending();
      fake.http.actThen({ hang: true, body: '' }, (r) => fake.isOperation(r, 'create'));
      const before = creates();
      const step = await run(serviceId, 'create');
      expect(step.status, step.last_error ?? '').toBe('done');
      const service = await serviceRow(t, serviceId);
      expect(service).toMatchObject({ status: 'active', password: null });
      expect(onPanel(service.username)).toHaveLength(1);
      // The whole create, not only its first call: the password the welcome mail gives works on the panel.
      const welcome = await welcomeMails(service.username);
      expect(welcome).toHaveLength(1);
      expect(welcome[0]!.text_body).toContain(`Password: ${onPanel(service.username)[0]!.password}`);
      expect(creates() - before).toBe(1);
      const attempts = await attemptRows(t, step.id);
      expect(attempts.map((r) => r.outcome)).toEqual(['done']);
      expect(JSON.parse(attempts[0]!.calls).some((c: { outcome: string }) => c.outcome === 'no answer' || c.outcome === 'timed out')).toBe(true);
    });

    it('when the read-back after an unanswered create fails too, the step waits and the next attempt finds the account: exactly one', async () => {
      const serviceId = await pending();
      fake.http.actThen({ hang: true, body: '' }, (r) => fake.isOperation(r, 'create'));
      let created = false;
      fake.http.overrideWhen((r) => {
        if (fake.isOperation(r, 'create')) created = true;
        return created && !fake.isOperation(r, 'create');
      }, { status: 503, contentType: 'text/html', body: '<html>Service Unavailable</html>' });
      const stepId = await requestHostingStep(t, serviceId, 'create');
      const waiting = await stepReaches(t, stepId, ['waiting', 'done', 'failed']);
      expect(waiting.status, waiting.last_error ?? '').toBe('waiting');
      expect((await serviceRow(t, serviceId)).status).toBe('pending');
      expect((await attemptRows(t, stepId)).map((r) => r.outcome)).toEqual(['unknown']);
      const username = (await serviceRow(t, serviceId)).username;
      expect(onPanel(username)).toHaveLength(1);
      const createsSent = creates();

      clock.advance(61_000);
      const done = await stepReaches(t, stepId, ['done', 'failed']);
      expect(done.status, done.last_error ?? '').toBe('done');
      expect((await attemptRows(t, stepId)).map((r) => r.outcome)).toEqual(['unknown', 'already']);
      expect(await serviceRow(t, serviceId)).toMatchObject({ status: 'active', username, password: null });
      expect(onPanel(username)).toHaveLength(1);
      // Read back, never sent again.
      expect(creates()).toBe(createsSent);
    });

    it('a username someone else holds on the panel is replaced by a new one: one account for the service, theirs untouched', async () => {
      const taken = `clash${Math.floor(Math.random() * 900 + 100)}`;
      const reserved = `resv${Math.floor(Math.random() * 9000 + 1000)}`;
      fake.seedAccount({ username: taken, domain: 'someone-else.example', email: 'other@example.test' });
      fake.reserveUsername(reserved);
      nextNames.push(taken, reserved);
      const theirs = onPanel(taken);
      expect(theirs).toHaveLength(1);
      const serviceId = await activeService();
      const service = await serviceRow(t, serviceId);
      expect([taken, reserved]).not.toContain(service.username);
      expect(onPanel(service.username)).toHaveLength(1);
      expect(onPanel(taken)).toEqual(theirs);
      expect(onPanel(reserved)).toHaveLength(0);
    });

    it('a panel that is down keeps the create waiting (the service pending), and the retry creates it once the panel is back', async () => {
      const serviceId = await pending();
      await fake.http.down();
      try {
        const stepId = await requestHostingStep(t, serviceId, 'create');
        const waiting = await stepReaches(t, stepId, ['waiting', 'done', 'failed']);
        expect(waiting.status).toBe('waiting');
        expect(waiting.next_attempt_at).not.toBeNull();
        expect((await attemptRows(t, stepId)).map((r) => r.outcome)).toEqual(['unavailable']);
        expect((await serviceRow(t, serviceId)).status).toBe('pending');
        await fake.http.up();
        clock.advance(61_000);
        const done = await stepReaches(t, stepId, ['done', 'failed']);
        expect(done.status, done.last_error ?? '').toBe('done');
        const service = await serviceRow(t, serviceId);
        expect(service.status).toBe('active');
        expect(onPanel(service.username)).toHaveLength(1);
      } finally {
        await fake.http.up().catch(() => undefined);
      }
    });

    it('a step the panel refuses goes to the provisioning queue at once with the panel\'s reason; Retry runs it again once fixed', async () => {
      const serviceId = await activeService();
      const missing = `gold${Math.floor(Math.random() * 9000 + 1000)}`;
      const step = await run(serviceId, 'change_package', { package: missing });
      expect(step.status).toBe('failed');
      expect(step.last_error).toBeTruthy();
      expect((await attemptRows(t, step.id)).map((r) => r.outcome)).toEqual(['refused']);
      const failed = (await hostingEvents(t, serviceId)).filter((e) => e.type === 'hosting.provisioning.failed');
      expect(failed).toMatchObject([{ payload: { serviceId, action: 'change_package', stepId: step.id } }]);

      const listed = await t.call('listProvisioningQueue', { action: 'change_package' }, operator);
      expect(listed.result.items.find((i) => i.stepId === step.id)).toMatchObject({ serviceId, error: step.last_error });
      const detail = await t.call('getProvisioningStep', { stepId: step.id }, operator);
      expect(detail.result.attempts[0]!.calls.length).toBeGreaterThan(0);
      answers.push(JSON.stringify(listed.result), JSON.stringify(detail.result));

      fake.addPackage(missing);
      expect((await t.call('retryProvisioningStep', { stepId: step.id }, operator)).status).toBe(200);
      const retried = await stepReaches(t, step.id, ['done', 'failed']);
      expect(retried.status, retried.last_error ?? '').toBe('done');
      expect((await attemptRows(t, step.id)).map((r) => r.outcome)).toEqual(['refused', 'done']);
      expect(onPanel((await serviceRow(t, serviceId)).username)[0]!.package).toBe(missing);
      expect((await serviceRow(t, serviceId)).package).toBe(missing);
    });

    it('never writes a credential or an account password into a log line, a step, an attempt or an event', async () => {
      await waitFor(async () => ((await t.services.db.selectFrom('hosting_steps').select('id').where('status', 'in', ['queued', 'running', 'waiting']).execute()).length === 0 ? true : undefined));
      const secrets = [...fake.secrets(), ...fake.accounts().map((acc) => acc.password).filter((p): p is string => !!p && p.length >= 8)];
      expect(secrets.length).toBeGreaterThan(1);
      const steps = await t.services.db.selectFrom('hosting_steps').selectAll().execute();
      const attempts = await t.services.db.selectFrom('hosting_attempts').selectAll().execute();
      const events = await t.services.db.selectFrom('platform_events').select(['payload', 'context']).execute();
      const audit = await t.services.db.selectFrom('audit_log').selectAll().execute();
      const services = await t.services.db.selectFrom('hosting_services').select(['password', 'panel_ref', 'username']).execute();
      const stored = JSON.stringify({ steps, attempts, events, audit, services, logLines, answers });
      for (const secret of secrets) expect(stored).not.toContain(secret);
      expect(attempts.length).toBeGreaterThan(0);
      expect(logLines.length).toBeGreaterThan(0);
    });
  });
});
