import type { FakeAnswer, FakeRequest } from '../fakeHttpServer.ts';
import { startFakeHttpServer } from '../fakeHttpServer.ts';
import type { FakePanel, FakePanelAccount, FakePanelOperation } from './fakePanel.ts';
import {
  boolean, bytesOf, type Check, configOf, currentOf, dnsName, fail, type FakeGuest, type FakeTask, GB, integer, invalid, MB, newTask, nodeName,
  ok, paramsOf, password, resourceOf, size, STORAGES, tagList, text, verify, VMID,
} from './proxmoxFakeCluster.ts';

/**
 * A local Proxmox VE API (reference/provisioning.md §2.4) at /api2/json: a cluster of one node
 * ('pve') unless told, with VM templates 'starter' and 'business'. The token is checked as
 * Proxmox does (`Authorization: PVEAPIToken=USER@REALM!TOKENID=SECRET`; 401 "No ticket" without
 * it, "no such token …" or "invalid token value!" when wrong). Writes that Proxmox runs as tasks
 * (clone, start, stop, resize, delete) act at once and answer a UPID whose status reads 'running'
 * twice before 'stopped' with its exit status. Errors come as real statuses with the message in
 * the status line: 400 "Parameter verification failed." with `errors`, 500 "VM N already exists on
 * node …", 500 "Configuration file 'nodes/N/qemu-server/ID.conf' does not exist", 501 for an unknown
 * method. ⚠ The fake's own rule: a cloud-init password shorter than 8 or without a digit is refused
 * (400 on cipassword). Proxmox has no SSO: the fake issues no login URL.
 */
export const PROXMOX_FAKE_TOKEN_ID = 'portal@pve!provisioning';
export const PROXMOX_FAKE_SECRET = '6f1c2d9e-4b7a-4e0f-9a31-8c2b7d5e1f04';
const API = '/api2/json';

export interface ProxmoxFake extends FakePanel {
  /** The guest (VM, template or container) of that name, to read its tags, size or power state. */
  guest(name: string): FakeGuest | undefined;
  /** The next task started fails with this exit status and does nothing (a clone out of space). */
  failNextTask(exitstatus: string): void;
  /**
   * While on, VMs cloned are listed by /cluster/resources without name or sizes, as Proxmox lists
   * a guest until its node broadcasts the guest's statistics (every few seconds); off lists them whole.
   */
  lagStatistics(on: boolean): void;
}

export async function startProxmoxFake(options: { nodes?: string[] } = {}): Promise<ProxmoxFake> {
  const nodes = options.nodes ?? ['pve'];
  const guests: FakeGuest[] = [];
  const tasks = new Map<string, FakeTask>();
  const failures: string[] = [];
  let lagging = false;

  const byName = (name: string) => guests.find((guest) => guest.name === name);
  const taken = (vmid: number) => guests.find((guest) => guest.vmid === vmid);
  const nextFree = (from = 100) => {
    let vmid = from;
    while (taken(vmid)) vmid += 1;
    return vmid;
  };
  const templates = () => guests.filter((guest) => guest.type === 'qemu' && guest.template);
  const addTemplate = (name: string) => {
    const index = templates().length;
    guests.push({
      vmid: nextFree(9000), node: nodes[0]!, type: 'qemu', name, template: true, cores: index + 1, sockets: 1, memory: 1024 * 2 ** index,
      diskBytes: 10 * GB * 2 ** index, storage: 'local-lvm', tags: [], running: false, netin: 0, netout: 0,
    });
  };
  addTemplate('starter');
  addTemplate('business');

  /** Starts a task: `act` does the work now and answers a failure text, or null; a failNextTask control wins. */
  function task(node: string, type: string, id: number, act: () => string | null): FakeAnswer {
    const forced = failures.shift();
    const failure = forced ?? act();
    const started = newTask(node, type, id, PROXMOX_FAKE_TOKEN_ID, failure ?? 'OK');
    tasks.set(started.upid, started);
    return ok(started.upid);
  }

  const power = (guest: FakeGuest, running: boolean) => {
    guest.running = running;
    guest.netin = running ? 300 * MB : 0;
    guest.netout = running ? 100 * MB : 0;
  };

  function authorised(request: FakeRequest): FakeAnswer | null {
    const token = /^PVEAPIToken=([^!=\s]+)!([^=\s]+)=(\S+)$/.exec(request.headers.authorization ?? '');
    if (!token) return fail(401, 'No ticket');
    if (`${token[1]}!${token[2]}` !== PROXMOX_FAKE_TOKEN_ID) return fail(401, `no such token '${token[2]}' for user '${token[1]}'`);
    if (token[3] !== PROXMOX_FAKE_SECRET) return fail(401, 'invalid token value!');
    return null;
  }

  const CONFIG: Record<string, Check> = {
    name: dnsName, cores: integer(1, 8192), sockets: integer(1, 4), memory: integer(16), description: text, tags: tagList, onboot: boolean,
    ciuser: text, cipassword: password, sshkeys: text, ipconfig0: text, nameserver: text, delete: text, digest: text,
  };

  function configure(guest: FakeGuest, params: Record<string, string>): FakeAnswer | null {
    if (params.digest !== undefined && params.digest !== configOf(guest).digest) return fail(500, 'detected modified configuration - file changed by other user? Try again.');
    for (const key of (params.delete ?? '').split(/[,;\s]+/).filter(Boolean)) {
      if (key === 'tags') guest.tags = [];
      else if (key === 'description') delete guest.description;
      else if (key === 'ciuser') delete guest.ciuser;
      else if (key === 'cipassword') delete guest.cipassword;
      else return invalid({ delete: `unable to delete '${key}'` });
    }
    if (params.name !== undefined) guest.name = params.name;
    if (params.cores !== undefined) guest.cores = Number(params.cores);
    if (params.sockets !== undefined) guest.sockets = Number(params.sockets);
    if (params.memory !== undefined) guest.memory = Number(params.memory);
    if (params.description !== undefined) guest.description = params.description;
    if (params.tags !== undefined) guest.tags = params.tags.split(/[;,\s]+/).filter(Boolean);
    if (params.ciuser !== undefined) guest.ciuser = params.ciuser;
    if (params.cipassword !== undefined) guest.cipassword = params.cipassword;
    return null;
  }

  function onVm(request: FakeRequest, node: string, guest: FakeGuest, rest: string[]): FakeAnswer {
    const params = paramsOf(request);
    const route = `${request.method} ${rest.join('/')}`;
    const { vmid } = guest;
    if (route === 'GET config') return verify(params, { current: boolean, snapshot: text }) ?? ok(configOf(guest));
    if (route === 'PUT config' || route === 'POST config') {
      const refused = verify(params, CONFIG) ?? configure(guest, params);
      if (refused) return refused;
      return request.method === 'PUT' ? ok(null) : task(node, 'qmconfig', vmid, () => null);
    }
    if (route === 'POST clone') {
      const refused = verify(params, {
        newid: VMID, name: dnsName, full: boolean, target: nodeName, storage: text, pool: text, description: text, format: text, snapname: text, bwlimit: integer(0),
      }, ['newid']);
      if (refused) return refused;
      const holder = taken(Number(params.newid));
      if (holder) return fail(500, `${holder.type === 'lxc' ? 'CT' : 'VM'} ${holder.vmid} already exists on node '${holder.node}'`);
      if (params.target !== undefined && !nodes.includes(params.target)) return fail(500, `no such cluster node '${params.target}'`);
      if (params.storage !== undefined && !STORAGES.includes(params.storage)) return fail(500, `storage '${params.storage}' does not exist`);
      return task(node, 'qmclone', vmid, () => {
        guests.push({
          ...guest, vmid: Number(params.newid), node: params.target ?? node, name: params.name ?? `Copy-of-VM-${guest.name}`, template: false,
          storage: params.storage ?? guest.storage, description: params.description, tags: [], ciuser: undefined, cipassword: undefined, running: false, netin: 0, netout: 0,
          statsPending: lagging,
        });
        return null;
      });
    }
    if (route === 'PUT resize') {
      const refused = verify(params, { disk: text, size, digest: text, skiplock: boolean }, ['disk', 'size']);
      if (refused) return refused;
      if (params.disk !== 'scsi0') return fail(500, `disk '${params.disk}' does not exist`);
      const bytes = params.size!.startsWith('+') ? guest.diskBytes + bytesOf(params.size!) : bytesOf(params.size!);
      if (bytes < guest.diskBytes) return fail(500, 'shrinking disks is not supported');
      return task(node, 'resize', vmid, () => {
        guest.diskBytes = bytes;
        return null;
      });
    }
    if (route === 'GET status/current') return ok(currentOf(guest));
    const action = /^POST status\/(start|stop|shutdown|reboot)$/.exec(route)?.[1];
    if (action) {
      const refused = verify(params, { timeout: integer(0), skiplock: boolean, forceStop: boolean, keepActive: boolean });
      if (refused) return refused;
      if (guest.template) return fail(500, "you can't start a vm if it's a template");
      return task(node, `qm${action}`, vmid, () => {
        if (action === 'start') {
          if (guest.running) return `VM ${vmid} already running`;
          power(guest, true);
        } else if (action === 'reboot') {
          if (!guest.running) return `VM ${vmid} not running`;
        } else {
          power(guest, false);
        }
        return null;
      });
    }
    if (route === 'DELETE ') {
      const refused = verify(params, { purge: boolean, 'destroy-unreferenced-disks': boolean, skiplock: boolean });
      if (refused) return refused;
      if (guest.running) return fail(500, `VM ${vmid} is running - destroy failed`);
      return task(node, 'qmdestroy', vmid, () => {
        guests.splice(guests.indexOf(guest), 1);
        return null;
      });
    }
    return notImplemented(request);
  }

  function onNode(request: FakeRequest, node: string, rest: string[]): FakeAnswer {
    const format = nodeName(node);
    if (format) return invalid({ node: format });
    if (!nodes.includes(node)) return fail(500, `hostname lookup '${node}' failed - failed to get address info for: ${node}: Name or service not known`);
    if (request.method === 'GET' && rest.join('/') === 'qemu') {
      return ok(guests.filter((g) => g.type === 'qemu' && g.node === node).map((g) => ({ ...currentOf(g), ...(g.template ? { template: 1 } : {}) })));
    }
    if (rest[0] === 'tasks' && rest[2] === 'status' && rest.length === 3 && request.method === 'GET') {
      const running = tasks.get(rest[1]!);
      if (!running || running.node !== node) return fail(500, 'no such task');
      const base = { upid: running.upid, node, type: running.type, id: running.id, user: PROXMOX_FAKE_TOKEN_ID, pid: 4096, starttime: Math.floor(Date.now() / 1000) };
      if (running.pollsLeft > 0) {
        running.pollsLeft -= 1;
        return ok({ ...base, status: 'running' });
      }
      return ok({ ...base, status: 'stopped', exitstatus: running.exitstatus });
    }
    if (rest[0] === 'qemu' && rest[1] !== undefined) {
      const format = VMID(rest[1]);
      if (format) return invalid({ vmid: format });
      const guest = guests.find((g) => g.type === 'qemu' && g.vmid === Number(rest[1]) && g.node === node);
      if (!guest) return fail(500, `Configuration file 'nodes/${node}/qemu-server/${rest[1]}.conf' does not exist`);
      return onVm(request, node, guest, rest.slice(2));
    }
    return notImplemented(request);
  }

  const notImplemented = (request: FakeRequest) => fail(501, `Method '${request.method} ${request.path.slice(API.length)}' not implemented`);

  const http = await startFakeHttpServer((request) => {
    if (!request.path.startsWith(`${API}/`)) return { status: 404, contentType: 'text/html', body: '<html><body>Not Found</body></html>' };
    const refused = authorised(request);
    if (refused) return refused;
    const segments = request.path.slice(API.length + 1).split('/').map(decodeURIComponent);
    const route = `${request.method} ${segments.join('/')}`;
    const params = paramsOf(request);
    if (route === 'GET version') return ok({ version: '8.2.4', release: '8.2', repoid: 'faa83925' });
    if (route === 'GET nodes') {
      return ok(nodes.map((node) => ({ node, id: `node/${node}`, type: 'node', status: 'online', maxcpu: 16, cpu: 0.03, maxmem: 64 * GB, mem: 12 * GB, uptime: 86400, level: '' })));
    }
    if (route === 'GET cluster/resources') {
      const refused = verify(params, { type: (value) => (['vm', 'storage', 'node', 'sdn'].includes(value) ? null : `value '${value}' does not have a value in the enumeration 'vm, storage, node, sdn'`) });
      if (refused) return refused;
      if (params.type === 'vm') return ok(guests.map(resourceOf));
      const nodeEntries = nodes.map((node) => ({ id: `node/${node}`, type: 'node', node, status: 'online' }));
      return ok(params.type === 'node' ? nodeEntries : params.type ? [] : [...guests.map(resourceOf), ...nodeEntries]);
    }
    if (route === 'GET cluster/nextid') {
      const refused = verify(params, { vmid: VMID });
      if (refused) return refused;
      if (params.vmid !== undefined) return taken(Number(params.vmid)) ? invalid({ vmid: `VM ${params.vmid} already exists` }) : ok(params.vmid);
      return ok(String(nextFree()));
    }
    if (segments[0] === 'nodes' && segments[1] !== undefined) return onNode(request, segments[1], segments.slice(2));
    return notImplemented(request);
  });

  const isOperation = (request: FakeRequest, operation: FakePanelOperation): boolean => {
    const path = request.path.slice(API.length);
    const params = paramsOf(request);
    const config = request.method === 'PUT' && /^\/nodes\/[^/]+\/qemu\/\d+\/config$/.test(path);
    const tags = params.tags?.split(/[;,\s]+/) ?? [];
    switch (operation) {
      case 'create': return request.method === 'POST' && /^\/nodes\/[^/]+\/qemu\/\d+\/clone$/.test(path);
      case 'suspend': return config && tags.includes('suspended');
      case 'unsuspend': return config && ((params.tags !== undefined && !tags.includes('suspended')) || /\btags\b/.test(params.delete ?? ''));
      case 'terminate': return request.method === 'DELETE' && /^\/nodes\/[^/]+\/qemu\/\d+$/.test(path);
      case 'changePackage': return config && (params.cores !== undefined || params.memory !== undefined);
      case 'changePassword': return config && params.cipassword !== undefined;
    }
  };

  const packageOf = (guest: FakeGuest) => templates().find((t) => t.cores === guest.cores && t.sockets === guest.sockets && t.memory === guest.memory)?.name ?? null;

  const connectionWith = (secret: string) => ({
    kind: 'proxmox' as const, scheme: 'http' as const, host: '127.0.0.1', port: Number(new URL(http.url).port), verifyTls: true,
    credentials: { kind: 'proxmox' as const, tokenId: PROXMOX_FAKE_TOKEN_ID, secret }, options: {},
  });

  return {
    kind: 'proxmox',
    http,
    connection: () => connectionWith(PROXMOX_FAKE_SECRET),
    wrongCredentials: () => connectionWith('00000000-0000-4000-8000-000000000000'),
    secrets: () => [PROXMOX_FAKE_SECRET],
    accounts: (): FakePanelAccount[] => guests.filter((g) => g.type === 'qemu' && !g.template).map((g) => ({
      username: g.name, domain: null, package: packageOf(g), suspended: !g.running && g.tags.includes('suspended'), password: g.cipassword ?? null, email: null,
    })),
    packages: () => templates().map((t) => t.name),
    addPackage: addTemplate,
    seedAccount(account) {
      const template = templates().find((t) => t.name === (account.package === undefined ? 'starter' : account.package));
      const guest: FakeGuest = {
        vmid: nextFree(), node: nodes[0]!, type: 'qemu', name: account.username, template: false,
        cores: template?.cores ?? 1, sockets: 1, memory: template?.memory ?? 512, diskBytes: template?.diskBytes ?? 5 * GB, storage: 'local-lvm',
        tags: account.suspended ? ['suspended'] : [], running: false, netin: 0, netout: 0,
        ...(account.password ? { ciuser: account.username, cipassword: account.password } : {}),
      };
      power(guest, !account.suspended);
      guests.push(guest);
    },
    reserveUsername(username) {
      guests.push({
        vmid: nextFree(), node: nodes[0]!, type: 'lxc', name: username, template: false, cores: 1, sockets: 1, memory: 512,
        diskBytes: 8 * GB, storage: 'local-lvm', tags: [], running: true, netin: 0, netout: 0,
      });
    },
    isOperation,
    ssoAccount: () => null,
    guest: byName,
    failNextTask: (exitstatus) => { failures.push(exitstatus); },
    lagStatistics(on) {
      lagging = on;
      if (!on) for (const guest of guests) guest.statsPending = false;
    },
    close: () => http.close(),
  };
}
