import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ProxmoxFake, startProxmoxFake } from '../../../../../test/support/panels/proxmox.fake.ts';
import { type CreateAccountRequest, type Panel, type PanelCallRecord, PanelError } from '../panel.ts';
import { createProxmoxPanel } from './index.ts';

const request: CreateAccountRequest = {
  username: 'shopab12', password: 'Str0ng-Pass!word#42', domain: null, package: 'starter',
  email: 'ada@example.org', contactName: 'Ada King', serviceId: 'svc-0001',
};

const isWrite = (method: string) => method !== 'GET';

describe('the Proxmox VE adapter when things go wrong', () => {
  let fake: ProxmoxFake;
  let panel: Panel;
  let records: PanelCallRecord[];
  beforeEach(async () => {
    fake = await startProxmoxFake();
    panel = createProxmoxPanel(fake.connection(), { pollIntervalMs: 1 });
    records = [];
  });
  afterEach(async () => { await fake.close(); });

  const record = (call: PanelCallRecord) => { records.push(call); };

  /** Every failure is a PanelError of Proxmox whose message holds no secret and no password. */
  const failure = async (promise: Promise<unknown>, ...passwords: string[]) => {
    const error = await promise.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(PanelError);
    const panelError = error as PanelError;
    expect(panelError.details.panel).toBe('proxmox');
    for (const secret of [...fake.secrets(), request.password, ...passwords]) expect(panelError.message).not.toContain(secret);
    expect(panelError.message).not.toMatch(/PVEAPIToken|https?:\/\//);
    return panelError;
  };

  describe('business errors, with the panel\'s text', () => {
    it('a taken username: usernameAvailable is false and create is exists, without a clone', async () => {
      fake.seedAccount({ username: 'shopab12' });
      expect(await panel.usernameAvailable('shopab12')).toBe(false);
      const error = await failure(panel.createAccount(request));
      expect(error).toMatchObject({ kind: 'exists', message: 'Proxmox VE already has a guest named shopab12 (VMID 100).' });
      expect(fake.http.requests.filter((r) => isWrite(r.method))).toEqual([]);
    });

    it('a name a container holds is taken too', async () => {
      fake.reserveUsername('shopab12');
      expect((await failure(panel.createAccount(request))).kind).toBe('exists');
    });

    it('an unknown package is not_found, without a write', async () => {
      const error = await failure(panel.createAccount({ ...request, package: 'platinum' }));
      expect(error).toMatchObject({ kind: 'not_found', message: 'Proxmox VE has no template named platinum.' });
      expect(fake.http.requests.filter((r) => isWrite(r.method))).toEqual([]);
      const account = await panel.createAccount(request);
      expect((await failure(panel.changePackage(account, 'platinum'))).kind).toBe('not_found');
    });

    it('an invalid username is refused by parameter verification (400), nothing made', async () => {
      const error = await failure(panel.createAccount({ ...request, username: 'bad_name' }));
      expect(error).toMatchObject({
        kind: 'refused', details: { code: '400' },
        message: 'Proxmox VE refused POST qemu/clone: Parameter verification failed. (name: invalid format - value does not look like a valid DNS name).',
      });
      expect(fake.accounts()).toEqual([]);
    });

    it('a weak password is refused after the clone: the new VM is removed, nothing is left', async () => {
      const error = await failure(panel.createAccount({ ...request, password: 'weakpass' }), 'weakpass');
      expect(error.kind).toBe('refused');
      expect(error.message).toBe('Proxmox VE refused PUT qemu/config: Parameter verification failed. (cipassword: password too weak: use at least 8 characters and a digit). The new VM was removed.');
      expect(fake.accounts()).toEqual([]);
      expect(fake.http.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
      const account = await panel.createAccount(request);
      const change = await failure(panel.changePassword(account, 'short1'), 'short1');
      expect(change).toMatchObject({ kind: 'refused' });
      expect(fake.accounts()[0]!.password).toBe(request.password);
    });

    it('a VMID taken between nextid and the clone (500 already exists) is asked for again', async () => {
      fake.seedAccount({ username: 'other001' });
      fake.http.overrideWhen((r) => r.path.endsWith('/cluster/nextid'), { status: 200, contentType: 'application/json', body: JSON.stringify({ data: '100' }) });
      const account = await panel.createAccount(request);
      expect(account.ref.vmid).toBe('101');
      const clones = fake.http.requests.filter((r) => r.path.endsWith('/clone')).map((r) => r.params.newid);
      expect(clones).toEqual(['100', '101']);
      expect(fake.accounts().map((a) => a.username).sort()).toEqual(['other001', 'shopab12']);
    });

    it('a VM that vanished answers 500 "Configuration file … does not exist": not_found', async () => {
      const account = await panel.createAccount(request);
      fake.http.overrideWhen((r) => r.method === 'GET' && r.path.endsWith('/status/current'),
        { status: 500, statusText: "Configuration file 'nodes/pve/qemu-server/100.conf' does not exist", contentType: 'application/json', body: '{"data":null}' });
      const error = await failure(panel.usage(account));
      expect(error).toMatchObject({ kind: 'not_found', message: "Proxmox VE refused GET qemu/status/current: Configuration file 'nodes/pve/qemu-server/100.conf' does not exist." });
    });

    it('a task that fails (exit status not OK) is refused with its exit status, and did nothing', async () => {
      fake.failNextTask("clone failed: storage 'local-lvm' has not enough free space");
      const error = await failure(panel.createAccount(request));
      expect(error).toMatchObject({ kind: 'refused', message: "Proxmox VE's task for POST qemu/clone failed: clone failed: storage 'local-lvm' has not enough free space." });
      expect(fake.accounts()).toEqual([]);
    });

    it('a token without the privilege (403 Permission check failed) is auth', async () => {
      fake.http.override({ status: 403, statusText: 'Permission check failed (/vms/9000, VM.Clone)', contentType: 'application/json', body: '{"data":null}' });
      expect(await failure(panel.listPackages())).toMatchObject({ kind: 'auth', message: 'Proxmox VE refused the API token for GET cluster/resources: Permission check failed (/vms/9000, VM.Clone).' });
    });
  });

  describe('state read first: already so is done, without a second write', () => {
    it('suspending twice writes once', async () => {
      const account = await panel.createAccount(request);
      await panel.suspend(account, 'Overdue on payment');
      const before = fake.http.requests.length;
      await panel.suspend(account, 'Overdue on payment');
      expect(fake.http.requests.slice(before).filter((r) => isWrite(r.method))).toEqual([]);
      expect(fake.accounts()[0]!.suspended).toBe(true);
    });

    it('unsuspending an active account writes nothing (a start of a running VM would be a failed task)', async () => {
      const account = await panel.createAccount(request);
      const before = fake.http.requests.length;
      await panel.unsuspend(account);
      expect(fake.http.requests.slice(before).filter((r) => isWrite(r.method))).toEqual([]);
      expect(fake.guest('shopab12')!.running).toBe(true);
    });

    it('suspending a VM someone stopped only tags it; unsuspending a tagged VM someone started only drops the tag', async () => {
      const account = await panel.createAccount(request);
      fake.guest('shopab12')!.running = false;
      let before = fake.http.requests.length;
      await panel.suspend(account, 'Overdue on payment');
      expect(fake.http.requests.slice(before).filter((r) => isWrite(r.method)).map((r) => r.path.split('/').slice(-1)[0])).toEqual(['config']);
      fake.guest('shopab12')!.running = true;
      before = fake.http.requests.length;
      await panel.unsuspend(account);
      expect(fake.http.requests.slice(before).filter((r) => isWrite(r.method)).map((r) => r.path.split('/').slice(-1)[0])).toEqual(['config']);
      expect(fake.guest('shopab12')).toMatchObject({ running: true, tags: [] });
    });

    it('terminating a missing account is not_found with no write: the caller counts it as gone', async () => {
      const account = await panel.createAccount(request);
      await panel.terminate(account);
      const before = fake.http.requests.length;
      const error = await failure(panel.terminate(account));
      expect(error).toMatchObject({ kind: 'not_found', message: 'Proxmox VE has no VM named shopab12.' });
      expect(fake.http.requests.slice(before).filter((r) => isWrite(r.method))).toEqual([]);
    });

    it('suspend, unsuspend, change package or password of a missing account are not_found', async () => {
      const ghost = { username: 'ghost001', domain: null, package: 'starter', suspended: false, suspendReason: null, email: null, ref: { vmid: '555', node: 'pve' } };
      for (const attempt of [panel.suspend(ghost, 'x'), panel.unsuspend(ghost), panel.changePackage(ghost, 'business'), panel.changePassword(ghost, 'An0ther-pass!'), panel.usage(ghost)]) {
        expect((await failure(attempt, 'An0ther-pass!')).kind).toBe('not_found');
      }
    });
  });

  describe('unknown outcomes: the panel may have acted', () => {
    it('a create whose clone acted then hung is unknown; findAccount then finds exactly one account, and create finishes it', async () => {
      fake.http.actThen({ hang: true, body: '' }, (r) => fake.isOperation(r, 'create'));
      const error = await failure(panel.createAccount(request, { signal: AbortSignal.timeout(300) }));
      expect(error.kind).toBe('unknown');
      expect(fake.accounts().filter((a) => a.username === 'shopab12')).toHaveLength(1);
      const found = await panel.findAccount('shopab12');
      expect(found).toMatchObject({ username: 'shopab12', ref: { vmid: '100', serviceId: 'svc-0001' } });
      // A retry of the same service's create finishes that VM instead of cloning another.
      const before = fake.http.requests.length;
      const account = await panel.createAccount(request);
      expect(account.ref.vmid).toBe('100');
      expect(fake.http.requests.slice(before).filter((r) => r.path.endsWith('/clone'))).toEqual([]);
      expect(fake.accounts()).toEqual([expect.objectContaining({ username: 'shopab12', password: request.password })]);
      expect(fake.guest('shopab12')!.running).toBe(true);
      // Another service's create of the same name is refused.
      expect((await failure(panel.createAccount({ ...request, serviceId: 'svc-0002' }))).kind).toBe('exists');
    });

    it('a VM cloned moments ago is listed without its name: findAccount reads its configuration and still finds it', async () => {
      fake.lagStatistics(true);
      fake.http.actThen({ hang: true, body: '' }, (r) => fake.isOperation(r, 'create'));
      expect((await failure(panel.createAccount(request, { signal: AbortSignal.timeout(300) }))).kind).toBe('unknown');
      const listed = fake.http.requests.length;
      expect(await panel.findAccount('shopab12')).toMatchObject({ username: 'shopab12', package: 'starter', ref: { vmid: '100', serviceId: 'svc-0001' } });
      expect(fake.http.requests.slice(listed).map((r) => r.path)).toContain('/api2/json/nodes/pve/qemu/100/config');
      expect(await panel.usernameAvailable('shopab12')).toBe(false);
      expect((await panel.listAccounts()).map((a) => a.username)).toEqual(['shopab12']);
      expect(fake.accounts()).toHaveLength(1);
    });

    it('a suspend that acted then hung is unknown, and findAccount shows it suspended', async () => {
      const account = await panel.createAccount(request);
      const caller = new AbortController();
      // The tag is set and its answer never comes: the caller gives up once the panel has acted.
      fake.http.actThen({ hang: true, body: '' }, (r) => {
        const tagging = fake.isOperation(r, 'suspend');
        if (tagging) setImmediate(() => caller.abort());
        return tagging;
      });
      expect(await failure(panel.suspend(account, 'x', { signal: caller.signal }))).toMatchObject({ kind: 'unknown', message: 'Proxmox VE did not answer PUT qemu/config; it may have acted.' });
      expect(await panel.findAccount('shopab12')).toMatchObject({ suspended: true });
    });

    it('a terminate whose DELETE acted then answered 500 from a proxy is unknown; the retry is not_found', async () => {
      const account = await panel.createAccount(request);
      fake.http.actThen({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }, (r) => fake.isOperation(r, 'terminate'));
      expect((await failure(panel.terminate(account))).kind).toBe('unknown');
      expect(fake.accounts()).toEqual([]);
      expect((await failure(panel.terminate(account))).kind).toBe('not_found');
    });

    it('an answer that is not the API\'s is unknown on a write and unavailable on a read', async () => {
      const account = await panel.createAccount(request);
      fake.http.actThen({ status: 200, contentType: 'text/html', body: '<html>Maintenance</html>' }, (r) => fake.isOperation(r, 'changePassword'));
      expect((await failure(panel.changePassword(account, 'N3w-Secret!pass#77'), 'N3w-Secret!pass#77')).kind).toBe('unknown');
      fake.http.override({ status: 200, contentType: 'text/html', body: '<html>Maintenance</html>' });
      expect((await failure(panel.findAccount('shopab12'))).kind).toBe('unavailable');
      fake.http.override({ status: 200, contentType: 'application/json', body: '{"data":{"not":"a list"}}' });
      expect((await failure(panel.listAccounts())).kind).toBe('unavailable');
    });

    it('a task that is lost while it runs is unknown, not a failure; the retry finishes from the state it reads', async () => {
      const account = await panel.createAccount(request);
      fake.http.overrideWhen((r) => r.path.includes('/tasks/'), { drop: true, body: '' });
      expect(await failure(panel.suspend(account, 'x'))).toMatchObject({ kind: 'unknown', message: expect.stringMatching(/^Proxmox VE started POST qemu\/status\/stop but its task could not be followed/) });
      expect(fake.guest('shopab12')).toMatchObject({ running: false, tags: [] });
      const before = fake.http.requests.length;
      await panel.suspend(account, 'x');
      expect(fake.http.requests.slice(before).filter((r) => isWrite(r.method)).map((r) => r.path.split('/').slice(-1)[0])).toEqual(['config']);
      expect(fake.accounts()[0]!.suspended).toBe(true);
    });

    it('a caller that gives up while a task runs gets unknown', async () => {
      const account = await panel.createAccount(request);
      const caller = new AbortController();
      // The stop was answered (its UPID): the caller gives up while the task runs.
      const giveUp = (call: PanelCallRecord) => { if (call.command === 'POST qemu/status/stop') caller.abort(); };
      const error = await failure(panel.terminate(account, { signal: caller.signal, record: giveUp }));
      expect(error).toMatchObject({ kind: 'unknown', message: 'Proxmox VE started POST qemu/status/stop but the call was stopped while its task ran; it may still finish.' });
      expect(fake.http.requests.filter((r) => r.method === 'DELETE')).toEqual([]);
    });
  });

  it('a panel that is down is unavailable', async () => {
    await fake.http.down();
    expect(await failure(panel.testConnection())).toMatchObject({ kind: 'unavailable' });
    expect(await failure(panel.createAccount(request))).toMatchObject({ kind: 'unavailable' });
    await fake.http.up();
    expect((await panel.testConnection()).version).toBe('8.2.4');
  });

  it('wrong credentials are auth, with Proxmox\'s reason and no secret', async () => {
    const wrongConnection = fake.wrongCredentials();
    const wrongSecret = wrongConnection.credentials.kind === 'proxmox' ? wrongConnection.credentials.secret : '';
    const error = await failure(createProxmoxPanel(wrongConnection).testConnection(), wrongSecret);
    expect(error).toMatchObject({ kind: 'auth', details: { code: '401' }, message: 'Proxmox VE refused the API token for GET version: invalid token value!.' });
    const otherToken = createProxmoxPanel({ ...fake.connection(), credentials: { kind: 'proxmox', tokenId: 'portal@pve!other', secret: fake.secrets()[0]! } });
    expect((await failure(otherToken.listAccounts())).message).toContain("no such token 'other' for user 'portal@pve'");
  });

  it('a node that is not in the cluster fails the connection test', async () => {
    const elsewhere = createProxmoxPanel({ ...fake.connection(), options: { node: 'pve9' } });
    expect(await failure(elsewhere.testConnection())).toMatchObject({ kind: 'refused', message: 'Proxmox VE has no node pve9 (the cluster has pve).' });
    const byIp = createProxmoxPanel({ ...fake.connection(), options: { node: '192.0.2.7' } }, { pollIntervalMs: 1 });
    expect(await failure(byIp.createAccount(request))).toMatchObject({ kind: 'refused', details: { code: '400' } });
  });

  it('call records name each command and status and never hold the secret or a password', async () => {
    const account = await panel.createAccount(request, { record });
    await panel.changePassword(account, 'N3w-Secret!pass#77', { record });
    await panel.suspend(account, 'x', { record });
    await panel.unsuspend(account, { record });
    await panel.changePackage(account, 'business', { record });
    await panel.usage(account, { record });
    await panel.terminate(account, { record });
    await failure(panel.createAccount({ ...request, password: 'weakpass' }, { record }), 'weakpass');
    const commands = new Set(records.map((r) => r.command));
    for (const command of ['GET cluster/resources', 'GET cluster/nextid', 'POST qemu/clone', 'GET tasks/status', 'PUT qemu/config', 'POST qemu/status/start',
      'POST qemu/status/stop', 'PUT qemu/resize', 'DELETE qemu', 'GET qemu/config', 'GET qemu/status/current']) expect(commands).toContain(command);
    expect(records.find((r) => r.command === 'PUT qemu/config' && r.status === 400)).toMatchObject({ outcome: 'HTTP 400' });
    expect(records.every((r) => r.command.split(' ').length === 2 && !/\d/.test(r.command))).toBe(true);
    const text = JSON.stringify(records);
    for (const secret of [...fake.secrets(), request.password, 'N3w-Secret!pass#77', 'weakpass']) expect(text).not.toContain(secret);
  });
});
