import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { ManualClock } from '../../../../../test/support/clock.ts';
import { accountWithMembers, type AccountWithMembers } from '../../../../../test/support/factories.ts';
import {
  attemptRows, requestHostingStep, seedHostingPlan, seedPendingService, seedServer, seedServerGroup, serviceRow, stepRow, UNREACHABLE_CPANEL,
} from '../../../../../test/support/hosting.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { type Panel, type PanelAccount, PanelError } from '../../../integrations/panels/panel.ts';
import { runStep, STEP_LEASE_MS } from './runStep.ts';
import { recoverStuckSteps } from './stepRecovery.ts';

/**
 * The runner's decisions against a scripted panel (no HTTP): the order of steps, the claim, a
 * create whose outcome stays unknown, the day of retries, server choice. The same stories over
 * each panel's wire fake are in lifecycle.test.ts.
 */

interface Scripted {
  accounts: Map<string, PanelAccount>;
  /** Errors the next calls of a method throw, in order. */
  fail: Partial<Record<keyof Panel, PanelError[]>>;
  calls: string[];
}

const script: Scripted = { accounts: new Map(), fail: {}, calls: [] };

function scriptedPanel(): Panel {
  const step = (name: keyof Panel) => {
    script.calls.push(name);
    const error = script.fail[name]?.shift();
    if (error) throw error;
  };
  return {
    kind: 'cpanel',
    capabilities: { sso: true, changePassword: true, usage: true, resumableCreate: false },
    testConnection: async () => ({ version: '1', accounts: 0, maxAccounts: null }),
    listPackages: async () => [],
    findAccount: async (username) => { step('findAccount'); return script.accounts.get(username) ?? null; },
    usernameAvailable: async (username) => { step('usernameAvailable'); return !script.accounts.has(username); },
    listAccounts: async () => [...script.accounts.values()],
    createAccount: async (request) => {
      script.calls.push('createAccount');
      const account: PanelAccount = { username: request.username, domain: request.domain, package: request.package, suspended: false, suspendReason: null, email: request.email, ref: {} };
      // An unknown outcome after acting: the account exists, the answer is lost.
      const error = script.fail.createAccount?.shift();
      if (error?.kind !== 'unavailable') script.accounts.set(request.username, account);
      if (error) throw error;
      return account;
    },
    suspend: async (account) => { step('suspend'); script.accounts.set(account.username, { ...account, suspended: true }); },
    unsuspend: async (account) => { step('unsuspend'); script.accounts.set(account.username, { ...account, suspended: false }); },
    terminate: async (account) => { step('terminate'); script.accounts.delete(account.username); },
    changePackage: async (account, pkg) => { step('changePackage'); script.accounts.set(account.username, { ...account, package: pkg }); },
    changePassword: async () => { step('changePassword'); },
    loginUrl: async () => 'https://panel.example/login',
    usage: async () => ({ diskUsedMb: null, diskLimitMb: null, bandwidthUsedMb: null, bandwidthLimitMb: null, mailboxes: null }),
  };
}

const unknown = () => new PanelError('unknown', 'cPanel/WHM did not answer createacct in time; it may have acted.', { panel: 'cpanel', command: 'createacct' });
const unavailable = () => new PanelError('unavailable', 'cPanel/WHM at 127.0.0.1 could not be reached (connection refused).', { panel: 'cpanel', command: 'accountsummary' });


describeEachDialect('runStep against a scripted panel', (dialect) => {
  let t: TestApp;
  let a: AccountWithMembers;
  const clock = new ManualClock();

  beforeAll(async () => {
    t = await startTestApp(dialect, { clock, config: { panelTimeoutMs: 1_000, hostingPanel: () => scriptedPanel() } });
    a = await accountWithMembers(t);
  });
  afterAll(async () => { await t.stop(); });
  beforeEach(() => {
    script.accounts.clear();
    script.fail = {};
    script.calls = [];
  });

  async function plan(options: { fillPolicy?: 'fill' | 'spread'; servers?: { maxAccounts: number | null; enabled?: boolean }[] } = {}) {
    const groupId = await seedServerGroup(t, options.fillPolicy ?? 'fill');
    const serverIds: string[] = [];
    for (const s of options.servers ?? [{ maxAccounts: null }]) serverIds.push(await seedServer(t, UNREACHABLE_CPANEL, { groupId, maxAccounts: s.maxAccounts, enabled: s.enabled }));
    const { productId } = await seedHostingPlan(t, { panel: 'cpanel', groupId });
    return { groupId, serverIds, productId };
  }
  const pending = (productId: string, serverId?: string) =>
    seedPendingService(t, { accountId: a.accountId, productId, productName: 'Business', panel: 'cpanel', serverId });

  it('saves the username, sealed password and server before creating, reads back an unknown create and never sends it twice', async () => {
    const { productId, serverIds } = await plan();
    const serviceId = await pending(productId);
    script.fail.createAccount = [unknown()];
    const stepId = await requestHostingStep(t, serviceId, 'create');
    script.fail.findAccount = [undefined as never, unavailable()];
    expect(await runStep(t.services, stepId)).toBe('waiting');
    const saved = await serviceRow(t, serviceId);
    expect(saved).toMatchObject({ status: 'pending', server_id: serverIds[0] });
    expect(saved.username).toMatch(/^[a-z][a-z0-9]{7}$/);
    expect(saved.password).toMatch(/^v1\./);
    expect(script.calls.filter((c) => c === 'createAccount')).toHaveLength(1);

    clock.advance(61_000);
    expect(await runStep(t.services, stepId)).toBe('done');
    expect(script.calls.filter((c) => c === 'createAccount')).toHaveLength(1);
    expect((await attemptRows(t, stepId)).map((r) => r.outcome)).toEqual(['unknown', 'already']);
    expect(await serviceRow(t, serviceId)).toMatchObject({ status: 'active', username: saved.username, password: null });
  });

  it('a step whose panel stays unclear for a day goes to the provisioning queue', async () => {
    const { productId } = await plan();
    const serviceId = await pending(productId);
    const stepId = await requestHostingStep(t, serviceId, 'create');
    script.fail.usernameAvailable = [unavailable()];
    expect(await runStep(t.services, stepId)).toBe('waiting');
    expect((await stepRow(t, stepId)).next_attempt_at).toBe(new Date(clock.now().getTime() + 60_000).toISOString());
    clock.advance(25 * 3600 * 1000);
    script.fail.usernameAvailable = [unavailable()];
    expect(await runStep(t.services, stepId)).toBe('failed');
    const step = await stepRow(t, stepId);
    expect(step).toMatchObject({ status: 'failed', attempts: 2 });
    expect(step.last_error).toMatch(/^Gave up after a day of retries: /);
    expect((await serviceRow(t, serviceId)).status).toBe('pending');
  });

  it('runs a service\'s steps one at a time in the order requested, and a step only once', async () => {
    const { productId } = await plan();
    const serviceId = await pending(productId);
    const create = await requestHostingStep(t, serviceId, 'create');
    const suspend = await requestHostingStep(t, serviceId, 'suspend', { reason: 'overdue' });
    expect(await runStep(t.services, suspend)).toBe('blocked');
    expect(script.calls).toEqual([]);
    const [first, second] = await Promise.all([runStep(t.services, create), runStep(t.services, create)]);
    expect([first, second].sort()).toEqual(['busy', 'done'].sort());
    expect(script.calls.filter((c) => c === 'createAccount')).toHaveLength(1);
    expect(await runStep(t.services, create)).toBe('skipped');
    expect(await runStep(t.services, suspend)).toBe('done');
    expect((await serviceRow(t, serviceId)).status).toBe('suspended');
  });

  it('picks the server by the group\'s fill policy and capacity, and fails clearly when none has room', async () => {
    const fill = await plan({ fillPolicy: 'fill', servers: [{ maxAccounts: 5 }, { maxAccounts: 5 }, { maxAccounts: 5, enabled: false }] });
    const firstId = await pending(fill.productId);
    expect(await runStep(t.services, await requestHostingStep(t, firstId, 'create'))).toBe('done');
    const chosen = (await serviceRow(t, firstId)).server_id;
    const secondId = await pending(fill.productId);
    expect(await runStep(t.services, await requestHostingStep(t, secondId, 'create'))).toBe('done');
    expect((await serviceRow(t, secondId)).server_id).toBe(chosen);

    const spread = await plan({ fillPolicy: 'spread', servers: [{ maxAccounts: 5 }, { maxAccounts: 5 }] });
    const one = await pending(spread.productId);
    const two = await pending(spread.productId);
    await runStep(t.services, await requestHostingStep(t, one, 'create'));
    await runStep(t.services, await requestHostingStep(t, two, 'create'));
    expect((await serviceRow(t, one)).server_id).not.toBe((await serviceRow(t, two)).server_id);

    const full = await plan({ servers: [{ maxAccounts: 1 }] });
    await runStep(t.services, await requestHostingStep(t, await pending(full.productId), 'create'));
    const waitingFor = await pending(full.productId);
    const stepId = await requestHostingStep(t, waitingFor, 'create');
    expect(await runStep(t.services, stepId)).toBe('failed');
    expect((await stepRow(t, stepId)).last_error).toMatch(/No enabled server of the plan's group has room/);
    expect((await attemptRows(t, stepId)).map((r) => r.outcome)).toEqual(['refused']);
  });

  it('a refused step fails at once and erases a change_password step\'s sealed password', async () => {
    const { productId } = await plan();
    const serviceId = await pending(productId);
    await runStep(t.services, await requestHostingStep(t, serviceId, 'create'));
    script.fail.changePassword = [new PanelError('refused', 'The password is too weak.', { panel: 'cpanel', command: 'passwd' })];
    const { stepPasswordInput } = await import('./stepPassword.ts');
    const stepId = await requestHostingStep(t, serviceId, 'change_password', stepPasswordInput(t.services.config, serviceId, 'weak'));
    expect(await runStep(t.services, stepId)).toBe('failed');
    const step = await stepRow(t, stepId);
    expect(step.last_error).toBe('The password is too weak.');
    expect(JSON.parse(step.input)).toEqual({});
  });

  it('nudges a step whose job was lost (and one whose run died) once it is overdue, and the nudge runs it', async () => {
    const { productId } = await plan();
    const lost = await requestHostingStep(t, await pending(productId), 'create');
    const died = await requestHostingStep(t, await pending(productId), 'create');
    await t.services.db.deleteFrom('jobs').where('queue', '=', 'hosting.step').execute();
    await t.services.db.updateTable('hosting_steps').set({ status: 'running' }).where('id', '=', died).execute();
    const keys = async () => (await t.services.db.selectFrom('jobs').select(['singleton_key', 'payload']).where('queue', '=', 'hosting.step').execute())
      .map((j) => JSON.parse(j.payload).stepId as string);
    await recoverStuckSteps(t.services);
    expect(await keys()).not.toContain(lost);
    clock.advance(16 * 60_000);
    await recoverStuckSteps(t.services);
    expect(await keys()).toContain(lost);
    expect(await keys()).not.toContain(died);
    clock.advance(STEP_LEASE_MS);
    await recoverStuckSteps(t.services);
    expect(await keys()).toContain(died);
    expect(await runStep(t.services, lost)).toBe('done');
    expect(await runStep(t.services, died)).toBe('done');
    expect(script.calls.filter((c) => c === 'createAccount')).toHaveLength(2);
  });
});
