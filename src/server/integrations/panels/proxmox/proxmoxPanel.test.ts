import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ProxmoxFake, startProxmoxFake } from '../../../../../test/support/panels/proxmox.fake.ts';
import { createPanel } from '../createPanel.ts';
import { type CreateAccountRequest, type Panel, PanelError } from '../panel.ts';
import { createProxmoxPanel } from './index.ts';

const request: CreateAccountRequest = {
  username: 'shopab12', password: 'Str0ng-Pass!word#42', domain: null, package: 'starter',
  email: 'ada@example.org', contactName: 'Ada King', serviceId: 'svc-0001',
};

const writes = (fake: ProxmoxFake, from = 0) => fake.http.requests.slice(from).filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path.replace('/api2/json', '')}`);

describe('the Proxmox VE adapter against its fake', () => {
  let fake: ProxmoxFake;
  let panel: Panel;
  beforeEach(async () => {
    fake = await startProxmoxFake();
    panel = createProxmoxPanel(fake.connection(), { pollIntervalMs: 1 });
  });
  afterEach(async () => { await fake.close(); });

  it('is what createPanel builds for a proxmox server, without SSO', () => {
    expect(createPanel(fake.connection())).toMatchObject({ kind: 'proxmox', capabilities: { sso: false, changePassword: true, usage: true } });
  });

  it('tests the connection read-only: version, the VMs (not templates or containers), no licence limit', async () => {
    fake.seedAccount({ username: 'oldvm001' });
    fake.reserveUsername('backupct');
    expect(await panel.testConnection()).toEqual({ version: '8.2.4', accounts: 1, maxAccounts: null });
    expect(fake.http.requests.every((r) => r.method === 'GET')).toBe(true);
    expect(fake.http.requests[0]!.headers.authorization).toBe(`PVEAPIToken=portal@pve!provisioning=${fake.secrets()[0]}`);
  });

  it('lists the templates as packages with the size each gives', async () => {
    fake.addPackage('premium');
    expect(await panel.listPackages()).toEqual([
      { name: 'starter', limits: { 'CPU cores': '1', Memory: '1 GB', Disk: '10 GB' } },
      { name: 'business', limits: { 'CPU cores': '2', Memory: '2 GB', Disk: '20 GB' } },
      { name: 'premium', limits: { 'CPU cores': '3', Memory: '4 GB', Disk: '40 GB' } },
    ]);
  });

  it('creates a VPS: nextid, a full clone named by the username with the service in its description, cloud-init, start', async () => {
    const account = await panel.createAccount(request);
    expect(account).toEqual({
      username: 'shopab12', domain: null, package: 'starter', suspended: false, suspendReason: null, email: null,
      ref: { vmid: '100', node: 'pve', serviceId: 'svc-0001' },
    });
    expect(writes(fake)).toEqual(['POST /nodes/pve/qemu/9000/clone', 'PUT /nodes/pve/qemu/100/config', 'POST /nodes/pve/qemu/100/status/start']);
    const clone = fake.http.requests.find((r) => r.path.endsWith('/clone'))!;
    expect(clone.params).toMatchObject({ newid: '100', name: 'shopab12', full: '1', description: 'service: svc-0001\npackage: starter' });
    expect(fake.http.requests.some((r) => r.path === '/api2/json/cluster/nextid')).toBe(true);
    // Each task was followed until it stopped: two 'running' reads and the final one.
    expect(fake.http.requests.filter((r) => r.path.includes('/tasks/')).length).toBe(6);
    expect(fake.accounts()).toEqual([{ username: 'shopab12', domain: null, package: 'starter', suspended: false, password: request.password, email: null }]);
    expect(fake.guest('shopab12')).toMatchObject({ running: true, ciuser: 'shopab12' });
    expect(await panel.findAccount('shopab12')).toEqual(account);
  });

  it('clones to options.node, or else the first node /nodes lists, with the storage asked for', async () => {
    await fake.close();
    fake = await startProxmoxFake({ nodes: ['pve1', 'pve2'] });
    await createProxmoxPanel(fake.connection(), { pollIntervalMs: 1 }).createAccount(request);
    const onSecond = createProxmoxPanel({ ...fake.connection(), options: { node: 'pve2', storage: 'local' } }, { pollIntervalMs: 1 });
    const second = await onSecond.createAccount({ ...request, username: 'shopcd34', serviceId: 'svc-0002' });
    expect(fake.guest('shopab12')!.node).toBe('pve1');
    expect(fake.guest('shopcd34')).toMatchObject({ node: 'pve2', storage: 'local' });
    expect(second.ref).toMatchObject({ node: 'pve2' });
    expect(fake.http.requests.filter((r) => r.path.endsWith('/clone')).map((r) => r.params.target)).toEqual([undefined, 'pve2']);
    expect(await onSecond.findAccount('shopcd34')).toMatchObject({ ref: { node: 'pve2', vmid: second.ref.vmid } });
  });

  it('finds accounts by name, null when none; a stopped VM without our tag is not suspended', async () => {
    fake.seedAccount({ username: 'handmade', package: 'business' });
    fake.guest('handmade')!.running = false;
    expect(await panel.findAccount('nobody01')).toBeNull();
    // A VM made by hand: no description of ours, so the package is the template of the same size.
    expect(await panel.findAccount('handmade')).toMatchObject({ username: 'handmade', package: 'business', suspended: false, ref: { vmid: '100', node: 'pve' } });
  });

  it('lists every VM for the import, not templates nor containers', async () => {
    fake.seedAccount({ username: 'alpha001', package: 'starter' });
    fake.seedAccount({ username: 'beta0002', package: 'business', suspended: true });
    fake.seedAccount({ username: 'custom03', package: null });
    fake.reserveUsername('dnsct001');
    expect((await panel.listAccounts()).map((a) => [a.username, a.package, a.suspended])).toEqual([
      ['alpha001', 'starter', false], ['beta0002', 'business', true], ['custom03', null, false],
    ]);
  });

  it('a username is available unless a VM, template or container has it', async () => {
    fake.seedAccount({ username: 'taken001' });
    fake.reserveUsername('system01');
    expect(await panel.usernameAvailable('free0001')).toBe(true);
    expect(await panel.usernameAvailable('taken001')).toBe(false);
    expect(await panel.usernameAvailable('system01')).toBe(false);
    expect(await panel.usernameAvailable('starter')).toBe(false);
  });

  it('suspends by stopping and tagging, and unsuspends by starting and dropping the tag, keeping other tags', async () => {
    const account = await panel.createAccount(request);
    fake.guest('shopab12')!.tags = ['web'];
    await panel.suspend(account, 'Overdue on payment');
    expect(fake.guest('shopab12')).toMatchObject({ running: false, tags: ['web', 'suspended'] });
    expect(fake.accounts()[0]!.suspended).toBe(true);
    expect(await panel.findAccount('shopab12')).toMatchObject({ suspended: true, suspendReason: null });
    await panel.unsuspend(account);
    expect(fake.guest('shopab12')).toMatchObject({ running: true, tags: ['web'] });
    expect(await panel.findAccount('shopab12')).toMatchObject({ suspended: false });
  });

  it('an unsuspend with no other tag deletes the tags property', async () => {
    fake.seedAccount({ username: 'sleepy01', suspended: true });
    await panel.unsuspend((await panel.findAccount('sleepy01'))!);
    const drop = fake.http.requests.find((r) => r.method === 'PUT' && r.path.endsWith('/config'))!;
    expect(new URLSearchParams(drop.body).get('delete')).toBe('tags');
    expect(fake.guest('sleepy01')).toMatchObject({ running: true, tags: [] });
  });

  it('terminates: stop, then DELETE with purge and destroy-unreferenced-disks', async () => {
    const account = await panel.createAccount(request);
    const before = fake.http.requests.length;
    await panel.terminate(account);
    expect(writes(fake, before)).toEqual(['POST /nodes/pve/qemu/100/status/stop', 'DELETE /nodes/pve/qemu/100']);
    expect(fake.http.requests.find((r) => r.method === 'DELETE')!.params).toEqual({ purge: '1', 'destroy-unreferenced-disks': '1' });
    expect(fake.accounts()).toEqual([]);
    expect(await panel.findAccount('shopab12')).toBeNull();
  });

  it('changes package: the template\'s cores and memory by config, the disk grown; a downgrade never shrinks it', async () => {
    const account = await panel.createAccount(request);
    await panel.changePackage(account, 'business');
    expect(fake.guest('shopab12')).toMatchObject({ cores: 2, memory: 2048, diskBytes: 20 * 1024 ** 3 });
    expect(fake.accounts()[0]!.package).toBe('business');
    expect(await panel.findAccount('shopab12')).toMatchObject({ package: 'business', ref: { serviceId: 'svc-0001' } });
    const resize = fake.http.requests.find((r) => r.path.endsWith('/resize'))!;
    expect(new URLSearchParams(resize.body).toString()).toBe('disk=scsi0&size=20G');

    const before = fake.http.requests.length;
    await panel.changePackage(account, 'starter');
    expect(fake.guest('shopab12')).toMatchObject({ cores: 1, memory: 1024, diskBytes: 20 * 1024 ** 3 });
    expect(writes(fake, before)).toEqual(['PUT /nodes/pve/qemu/100/config']);
    expect(await panel.findAccount('shopab12')).toMatchObject({ package: 'starter' });

    // Already on it: nothing to write.
    const again = fake.http.requests.length;
    await panel.changePackage(account, 'starter');
    expect(writes(fake, again)).toEqual([]);
  });

  it('changes the password through cloud-init', async () => {
    const account = await panel.createAccount(request);
    await panel.changePassword(account, 'N3w-Secret!pass#77');
    expect(fake.accounts()[0]!.password).toBe('N3w-Secret!pass#77');
  });

  it('reports usage from status/current: disk size as the limit, traffic since boot; no disk use or mailboxes', async () => {
    const account = await panel.createAccount(request);
    expect(await panel.usage(account)).toEqual({ diskUsedMb: null, diskLimitMb: 10 * 1024, bandwidthUsedMb: 400, bandwidthLimitMb: null, mailboxes: null });
  });

  it('has no login URL: unsupported, without a call', async () => {
    const account = await panel.createAccount(request);
    const before = fake.http.requests.length;
    const error = await panel.loginUrl(account, '203.0.113.9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PanelError);
    expect(error).toMatchObject({ kind: 'unsupported' });
    expect(fake.http.requests.length).toBe(before);
  });
});
