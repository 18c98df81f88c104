import { createHash } from 'node:crypto';
import type { FakeAnswer, FakeRequest } from '../fakeHttpServer.ts';

/**
 * The state of the Proxmox VE fake (./proxmox.fake.ts): the guests of a small cluster, its tasks,
 * and the wire helpers: `{"data": …}` answers, errors with the message in the HTTP status line,
 * and parameter verification as the API schema does it (400 "Parameter verification failed."
 * with an `errors` object naming each parameter).
 */
export const MB = 1024 * 1024;
export const GB = 1024 * MB;

export interface FakeGuest {
  vmid: number;
  node: string;
  type: 'qemu' | 'lxc';
  name: string;
  template: boolean;
  cores: number;
  sockets: number;
  /** MiB, as the config's `memory`. */
  memory: number;
  diskBytes: number;
  storage: string;
  description?: string;
  tags: string[];
  ciuser?: string;
  /** Kept in clear so tests can prove a change arrived (Proxmox keeps a hash and shows '**********'). */
  cipassword?: string;
  running: boolean;
  netin: number;
  netout: number;
  /** Listed by /cluster/resources without name or sizes: the node has not broadcast its statistics yet. */
  statsPending?: boolean;
}

export interface FakeTask {
  upid: string;
  node: string;
  /** Status reads left that still say 'running'. */
  pollsLeft: number;
  exitstatus: string;
  type: string;
  id: string;
}

/** Every task runs for this many status reads before it says 'stopped'. */
export const TASK_POLLS = 2;
export const STORAGES = ['local-lvm', 'local'];

const json = 'application/json;charset=UTF-8';
export const ok = (data: unknown): FakeAnswer => ({ status: 200, contentType: json, body: JSON.stringify({ data }) });
export const fail = (status: number, message: string, errors?: Record<string, string>): FakeAnswer => ({
  status, statusText: message, contentType: json, body: JSON.stringify(errors ? { data: null, errors } : { data: null }),
});
export const invalid = (errors: Record<string, string>) => fail(400, 'Parameter verification failed.', errors);

/** Query, form body or JSON body: Proxmox reads parameters from any of them. */
export function paramsOf(request: FakeRequest): Record<string, string> {
  const params: Record<string, string> = { ...request.params };
  if (!request.body) return params;
  if (/json/.test(request.headers['content-type'] ?? '')) {
    try {
      for (const [key, value] of Object.entries(JSON.parse(request.body) as Record<string, unknown>)) params[key] = String(value);
    } catch {
      // an unreadable body verifies as no parameters
    }
  } else {
    Object.assign(params, Object.fromEntries(new URLSearchParams(request.body)));
  }
  return params;
}

export type Check = (value: string) => string | null;

export const integer = (min: number, max?: number): Check => (value) => {
  if (!/^-?\d+$/.test(value)) return `type check ('integer') failed - got '${value}'`;
  if (Number(value) < min) return `value must have a minimum value of ${min}`;
  if (max !== undefined && Number(value) > max) return `value must have a maximum value of ${max}`;
  return null;
};
export const boolean: Check = (value) => (/^(0|1|true|false|yes|no|on|off)$/i.test(value) ? null : `type check ('boolean') failed - got '${value}'`);
export const text: Check = () => null;
export const dnsName: Check = (value) => (/^(?=.{1,255}$)[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/.test(value)
  ? null : 'invalid format - value does not look like a valid DNS name');
export const nodeName: Check = (value) => (/^[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?$/.test(value) ? null : 'invalid format - value does not look like a valid node name');
export const tagList: Check = (value) => (value.split(/[;,\s]+/).filter(Boolean).every((tag) => /^[a-z0-9_][a-z0-9_\-+.]*$/i.test(tag))
  ? null : 'invalid format - invalid characters in tag');
/** ⚠ The fake's own rule (the brief's weak password): real Proxmox stores any cloud-init password. */
export const password: Check = (value) => (value.length >= 8 && /\d/.test(value) ? null : 'password too weak: use at least 8 characters and a digit');
export const size: Check = (value) => (/^\+?\d+(\.\d+)?[KMGT]?$/.test(value) ? null : "invalid format - value does not match the regex pattern");
export const VMID = integer(100, 999_999_999);

/** Parameter verification: unknown, missing and malformed parameters, all named at once. */
export function verify(params: Record<string, string>, schema: Record<string, Check>, required: string[] = []): FakeAnswer | null {
  const errors: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) {
    const check = schema[key];
    const said = check ? check(value) : 'property is not defined in schema and the schema does not allow additional properties';
    if (said) errors[key] = said;
  }
  for (const key of required) if (params[key] === undefined) errors[key] = 'property is missing and it is not optional';
  return Object.keys(errors).length ? invalid(errors) : null;
}

const UNITS: Record<string, number> = { '': 1, K: 1024, M: MB, G: GB, T: 1024 * GB };
export const bytesOf = (value: string) => {
  const [, number, unit] = /^\+?(\d+(?:\.\d+)?)([KMGT]?)$/.exec(value)!;
  return Math.round(Number(number) * UNITS[unit ?? '']!);
};
export const sizeOf = (bytes: number) => (bytes % GB === 0 ? `${bytes / GB}G` : `${Math.round(bytes / MB)}M`);

/** The configuration as GET …/config answers it (pending values), with the digest of its content. */
export function configOf(guest: FakeGuest): Record<string, string | number> {
  const config: Record<string, string | number> = {
    name: guest.name,
    cores: guest.cores,
    sockets: guest.sockets,
    memory: String(guest.memory),
    ostype: 'l26',
    boot: 'order=scsi0;net0',
    scsihw: 'virtio-scsi-single',
    scsi0: `${guest.storage}:${guest.template ? 'base' : 'vm'}-${guest.vmid}-disk-0,size=${sizeOf(guest.diskBytes)}`,
    ide2: `${guest.storage}:vm-${guest.vmid}-cloudinit,media=cdrom`,
    net0: `virtio=BC:24:11:00:${(guest.vmid >> 8 & 0xff).toString(16).padStart(2, '0')}:${(guest.vmid & 0xff).toString(16).padStart(2, '0')},bridge=vmbr0`,
    ...(guest.template ? { template: 1 } : {}),
    ...(guest.description !== undefined ? { description: guest.description } : {}),
    ...(guest.tags.length ? { tags: guest.tags.join(';') } : {}),
    ...(guest.ciuser !== undefined ? { ciuser: guest.ciuser } : {}),
    ...(guest.cipassword !== undefined ? { cipassword: '**********' } : {}),
  };
  return { ...config, digest: createHash('sha1').update(JSON.stringify(config)).digest('hex') };
}

/** A guest as /cluster/resources lists it. */
export function resourceOf(guest: FakeGuest) {
  if (guest.statsPending) return { id: `${guest.type}/${guest.vmid}`, type: guest.type, vmid: guest.vmid, node: guest.node };
  return {
    id: `${guest.type}/${guest.vmid}`, type: guest.type, vmid: guest.vmid, node: guest.node, name: guest.name,
    status: guest.running ? 'running' : 'stopped', template: guest.template ? 1 : 0,
    maxcpu: guest.cores * guest.sockets, maxmem: guest.memory * MB, maxdisk: guest.diskBytes,
    cpu: guest.running ? 0.02 : 0, mem: guest.running ? Math.round(guest.memory * MB * 0.3) : 0, disk: 0,
    netin: guest.netin, netout: guest.netout, diskread: 0, diskwrite: 0, uptime: guest.running ? 3600 : 0,
    ...(guest.tags.length ? { tags: guest.tags.join(';') } : {}),
  };
}

/** status/current: live power state and counters; a VM's disk use is unknown to Proxmox (0). */
export function currentOf(guest: FakeGuest) {
  return {
    vmid: guest.vmid, name: guest.name, status: guest.running ? 'running' : 'stopped', qmpstatus: guest.running ? 'running' : 'stopped',
    cpus: guest.cores * guest.sockets, cpu: guest.running ? 0.02 : 0, maxmem: guest.memory * MB, mem: guest.running ? Math.round(guest.memory * MB * 0.3) : 0,
    maxdisk: guest.diskBytes, disk: 0, netin: guest.netin, netout: guest.netout, diskread: 0, diskwrite: 0, uptime: guest.running ? 3600 : 0,
    ...(guest.tags.length ? { tags: guest.tags.join(';') } : {}),
  };
}

let taskCounter = 0;

export function newTask(node: string, type: string, id: string | number, user: string, exitstatus: string): FakeTask {
  taskCounter += 1;
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(8, '0');
  const now = Math.floor(Date.now() / 1000);
  const upid = `UPID:${node}:${hex(0x1000 + taskCounter)}:${hex(0x5000000 + taskCounter)}:${hex(now)}:${type}:${id}:${user}:`;
  return { upid, node, pollsLeft: TASK_POLLS, exitstatus, type, id: String(id) };
}
