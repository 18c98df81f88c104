import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROXMOX_FAKE_SECRET, PROXMOX_FAKE_TOKEN_ID, type ProxmoxFake, startProxmoxFake } from '../../../../../test/support/panels/proxmox.fake.ts';

/** The fake answers as Proxmox VE does, refusals included, so the adapter's tests cannot pass against a fake that accepts anything. */
describe('the Proxmox VE fake', () => {
  let fake: ProxmoxFake;
  beforeEach(async () => { fake = await startProxmoxFake(); });
  afterEach(async () => { await fake.close(); });

  const auth = `PVEAPIToken=${PROXMOX_FAKE_TOKEN_ID}=${PROXMOX_FAKE_SECRET}`;
  async function call(method: string, path: string, params: Record<string, string> = {}, headers: Record<string, string> = { authorization: auth }) {
    const form = new URLSearchParams(params).toString();
    const inBody = method === 'POST' || method === 'PUT';
    const response = await fetch(`${fake.http.url}/api2/json${path}${!inBody && form ? `?${form}` : ''}`, {
      method, headers: { ...headers, ...(inBody ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) }, body: inBody ? form : undefined,
    });
    return { status: response.status, statusText: response.statusText, body: await response.json() as { data: any; errors?: Record<string, string> } };
  }
  /** Reads a task's status until it stops, counting the reads that said 'running'. */
  async function follow(upid: string) {
    let running = 0;
    for (;;) {
      const { body } = await call('GET', `/nodes/pve/tasks/${encodeURIComponent(upid)}/status`);
      if (body.data.status === 'stopped') return { running, exitstatus: body.data.exitstatus as string };
      running += 1;
    }
  }

  it('refuses a request without the token header, a ticket cookie, another token and a wrong secret, with 401 and Proxmox\'s reason', async () => {
    expect(await call('GET', '/version', {}, {})).toEqual({ status: 401, statusText: 'No ticket', body: { data: null } });
    expect((await call('GET', '/version', {}, { cookie: 'PVEAuthCookie=PVE:root@pam:6650A1B2::abc' })).statusText).toBe('No ticket');
    expect(await call('GET', '/version', {}, { authorization: `PVEAPIToken=${PROXMOX_FAKE_TOKEN_ID.replace('provisioning', 'other')}=${PROXMOX_FAKE_SECRET}` }))
      .toMatchObject({ status: 401, statusText: "no such token 'other' for user 'portal@pve'" });
    expect(await call('GET', '/version', {}, { authorization: `PVEAPIToken=${PROXMOX_FAKE_TOKEN_ID}=${'0'.repeat(36)}` })).toMatchObject({ status: 401, statusText: 'invalid token value!' });
    expect(await call('GET', '/version', {}, { authorization: `Bearer ${PROXMOX_FAKE_SECRET}` })).toMatchObject({ status: 401 });
    expect(await call('GET', '/version')).toMatchObject({ status: 200, body: { data: { version: '8.2.4' } } });
  });

  it('verifies parameters: unknown, missing and malformed ones are a 400 naming each', async () => {
    expect(await call('GET', '/cluster/resources', { type: 'vms', extra: '1' })).toEqual({
      status: 400, statusText: 'Parameter verification failed.',
      body: { data: null, errors: { type: "value 'vms' does not have a value in the enumeration 'vm, storage, node, sdn'", extra: 'property is not defined in schema and the schema does not allow additional properties' } },
    });
    expect((await call('POST', '/nodes/pve/qemu/9000/clone', { name: 'x' })).body.errors).toEqual({ newid: 'property is missing and it is not optional' });
    expect((await call('POST', '/nodes/pve/qemu/9000/clone', { newid: '42' })).body.errors).toEqual({ newid: 'value must have a minimum value of 100' });
    expect((await call('GET', '/nodes/192.0.2.7/qemu')).body.errors).toEqual({ node: 'invalid format - value does not look like a valid node name' });
    expect(await call('GET', '/nodes/pve9/qemu')).toMatchObject({ status: 500, statusText: "hostname lookup 'pve9' failed - failed to get address info for: pve9: Name or service not known" });
    expect(await call('GET', '/nodes/pve/lxc')).toMatchObject({ status: 501, statusText: "Method 'GET /nodes/pve/lxc' not implemented" });
  });

  it('runs a clone as a task: a UPID at once, two status reads that say running, then stopped with OK', async () => {
    const { body: next } = await call('GET', '/cluster/nextid');
    expect(next.data).toBe('100');
    const { body } = await call('POST', '/nodes/pve/qemu/9000/clone', { newid: '100', name: 'vps00001', full: '1' });
    expect(body.data).toMatch(/^UPID:pve:[0-9A-F]{8}:[0-9A-F]{8}:[0-9A-F]{8}:qmclone:9000:portal@pve!provisioning:$/);
    expect(await follow(body.data as string)).toEqual({ running: 2, exitstatus: 'OK' });
    expect((await call('GET', '/cluster/nextid', { vmid: '100' })).body.errors).toEqual({ vmid: 'VM 100 already exists' });
    expect((await call('GET', '/cluster/nextid')).body.data).toBe('101');
  });

  it('refuses a taken VMID with 500 "VM/CT N already exists on node", naming the guest type', async () => {
    fake.seedAccount({ username: 'vm000001' });
    fake.reserveUsername('ct000001');
    expect(await call('POST', '/nodes/pve/qemu/9000/clone', { newid: '100' })).toMatchObject({ status: 500, statusText: "VM 100 already exists on node 'pve'", body: { data: null } });
    expect((await call('POST', '/nodes/pve/qemu/9000/clone', { newid: '101' })).statusText).toBe("CT 101 already exists on node 'pve'");
  });

  it('answers 500 "Configuration file … does not exist" for a VM that is not on the node', async () => {
    expect(await call('GET', '/nodes/pve/qemu/999/config')).toMatchObject({ status: 500, statusText: "Configuration file 'nodes/pve/qemu-server/999.conf' does not exist" });
  });

  it('fails the task (exit status not OK) of a start of a running VM; refuses to destroy a running VM or shrink a disk', async () => {
    fake.seedAccount({ username: 'vm000001' });
    const { body } = await call('POST', '/nodes/pve/qemu/100/status/start');
    expect(await follow(body.data as string)).toEqual({ running: 2, exitstatus: 'VM 100 already running' });
    expect(await call('DELETE', '/nodes/pve/qemu/100', { purge: '1' })).toMatchObject({ status: 500, statusText: 'VM 100 is running - destroy failed' });
    expect(await call('PUT', '/nodes/pve/qemu/100/resize', { disk: 'scsi0', size: '5G' })).toMatchObject({ status: 500, statusText: 'shrinking disks is not supported' });
  });

  it('refuses a weak cloud-init password, an invalid name and a configuration changed since its digest', async () => {
    fake.seedAccount({ username: 'vm000001' });
    expect((await call('PUT', '/nodes/pve/qemu/100/config', { cipassword: 'longenough' })).body.errors).toEqual({ cipassword: 'password too weak: use at least 8 characters and a digit' });
    expect((await call('PUT', '/nodes/pve/qemu/100/config', { cipassword: 'sh0rt' })).status).toBe(400);
    expect((await call('PUT', '/nodes/pve/qemu/100/config', { name: 'not_dns' })).body.errors).toEqual({ name: 'invalid format - value does not look like a valid DNS name' });
    const { body } = await call('GET', '/nodes/pve/qemu/100/config');
    expect(body.data).toMatchObject({ name: 'vm000001', cores: 1, memory: '1024', scsi0: 'local-lvm:vm-100-disk-0,size=10G' });
    await call('PUT', '/nodes/pve/qemu/100/config', { tags: 'web' });
    expect(await call('PUT', '/nodes/pve/qemu/100/config', { tags: 'other', digest: body.data.digest as string }))
      .toMatchObject({ status: 500, statusText: 'detected modified configuration - file changed by other user? Try again.' });
    expect(fake.guest('vm000001')!.tags).toEqual(['web']);
  });

  it('keeps the FakePanel contract: packages, seeded and reserved names, accounts with their package and suspension', async () => {
    expect(fake.packages()).toEqual(['starter', 'business']);
    fake.addPackage('premium');
    fake.seedAccount({ username: 'alpha001', package: 'premium', password: 'Secr3t-pass' });
    fake.seedAccount({ username: 'beta0002', suspended: true });
    fake.reserveUsername('system01');
    expect(fake.packages()).toEqual(['starter', 'business', 'premium']);
    expect(fake.accounts()).toEqual([
      { username: 'alpha001', domain: null, package: 'premium', suspended: false, password: 'Secr3t-pass', email: null },
      { username: 'beta0002', domain: null, package: 'starter', suspended: true, password: null, email: null },
    ]);
    const { body } = await call('GET', '/cluster/resources', { type: 'vm' });
    expect(body.data.map((g: { name: string; type: string; template: number }) => `${g.type}:${g.name}:${g.template}`))
      .toEqual(['qemu:starter:1', 'qemu:business:1', 'qemu:premium:1', 'qemu:alpha001:0', 'qemu:beta0002:0', 'lxc:system01:0']);
    expect(fake.ssoAccount(`${fake.http.url}/anything`)).toBeNull();
  });

  it('recognises the request that carries out each operation', () => {
    const request = (method: string, path: string, body = '') => ({
      method, path: `/api2/json${path}`, params: method === 'POST' ? Object.fromEntries(new URLSearchParams(body)) : {}, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body,
    });
    const config = (body: string) => request('PUT', '/nodes/pve/qemu/100/config', body);
    expect(fake.isOperation(request('POST', '/nodes/pve/qemu/9000/clone', 'newid=100'), 'create')).toBe(true);
    expect(fake.isOperation(config('tags=web%3Bsuspended'), 'suspend')).toBe(true);
    expect(fake.isOperation(config('tags=web'), 'unsuspend')).toBe(true);
    expect(fake.isOperation(config('delete=tags'), 'unsuspend')).toBe(true);
    expect(fake.isOperation(request('DELETE', '/nodes/pve/qemu/100'), 'terminate')).toBe(true);
    expect(fake.isOperation(config('cores=2&memory=2048'), 'changePackage')).toBe(true);
    expect(fake.isOperation(config('cipassword=x'), 'changePassword')).toBe(true);
    expect(fake.isOperation(config('cipassword=x'), 'suspend')).toBe(false);
    expect(fake.isOperation(request('POST', '/nodes/pve/qemu/100/status/stop'), 'terminate')).toBe(false);
    expect(fake.isOperation(request('GET', '/cluster/resources'), 'create')).toBe(false);
  });
});
