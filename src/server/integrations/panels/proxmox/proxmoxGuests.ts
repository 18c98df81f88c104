import { z } from 'zod';
import { mapLimit } from '../../registrars/mapLimit.ts';
import { type PanelAccount, type PanelCallOptions, PanelError } from '../panel.ts';
import type { ProxmoxClient } from './proxmoxClient.ts';

/** The tag our suspend sets: a stopped VM without it is one someone stopped, not a suspension. */
export const SUSPENDED_TAG = 'suspended';

const flag = z.union([z.number(), z.string()]).optional().transform((value) => Number(value ?? 0) === 1);
const count = z.union([z.number(), z.string()]).optional().transform((value) => (value === undefined || value === '' ? null : Number(value)));

/** One guest of `GET /cluster/resources?type=vm` (VMs, templates and containers of every node). */
const guestSchema = z.object({
  vmid: z.union([z.number(), z.string()]).transform(Number),
  node: z.string(),
  type: z.string(),
  name: z.string().optional(),
  status: z.string().optional(),
  template: flag,
  tags: z.string().optional(),
  maxcpu: count,
  maxmem: count,
  maxdisk: count,
});
export type Guest = z.infer<typeof guestSchema>;

/** A VM's configuration (pending values): strings and numbers by key, e.g. scsi0 'local-lvm:vm-100-disk-0,size=10G'. */
export const configSchema = z.record(z.string(), z.union([z.string(), z.number()]).transform(String));
export type VmConfig = z.infer<typeof configSchema>;

/** Configurations read at once when a list needs them: a cluster of many VMs is read without a burst. */
export const CONFIG_READS = 4;

/**
 * Every guest of the cluster. /cluster/resources takes a guest's name (and size) from the
 * statistics each node broadcasts every few seconds, so a VM cloned moments ago is listed without
 * one: its configuration is read for the name, or a create whose answer was lost would go unseen.
 */
export async function listGuests(client: ProxmoxClient, options?: PanelCallOptions): Promise<Guest[]> {
  const guests = await client.read(z.array(guestSchema), { command: 'GET cluster/resources', method: 'GET', path: '/cluster/resources', params: { type: 'vm' } }, options);
  const unnamed = guests.filter((guest) => guest.type === 'qemu' && guest.name === undefined);
  await mapLimit(unnamed, CONFIG_READS, async (guest) => {
    const config = await readConfig(client, guest, options).catch((error: unknown) => {
      if (error instanceof PanelError && error.kind === 'not_found') return null;
      throw error;
    });
    if (!config) return;
    guest.name = config.name;
    guest.template = config.template === '1';
  });
  return guests;
}

export const isVm = (guest: Guest) => guest.type === 'qemu' && !guest.template;
export const isTemplate = (guest: Guest) => guest.type === 'qemu' && guest.template;

/** The VM that is the account: named by our username. Proxmox does not keep names unique; the lowest VMID wins. */
export function vmNamed(guests: Guest[], username: string): Guest | undefined {
  return guests.filter((guest) => isVm(guest) && guest.name === username).sort((a, b) => a.vmid - b.vmid)[0];
}

/** Where a VM is: enough to address it. */
export type VmRef = Pick<Guest, 'node' | 'vmid'>;

export const vmPath = (guest: VmRef) => `/nodes/${encodeURIComponent(guest.node)}/qemu/${guest.vmid}`;

export async function readConfig(client: ProxmoxClient, guest: VmRef, options?: PanelCallOptions): Promise<VmConfig> {
  return client.read(configSchema, { command: 'GET qemu/config', method: 'GET', path: `${vmPath(guest)}/config` }, options);
}

const currentSchema = z.object({
  status: z.string(),
  maxdisk: count,
  netin: count,
  netout: count,
});

export async function readCurrent(client: ProxmoxClient, guest: VmRef, options?: PanelCallOptions) {
  return client.read(currentSchema, { command: 'GET qemu/status/current', method: 'GET', path: `${vmPath(guest)}/status/current` }, options);
}

/** Tags as Proxmox keeps them: separated by ';' (',' and spaces accepted). */
export const tagsOf = (tags: string | undefined) => (tags ?? '').split(/[;,\s]+/).filter(Boolean);

/**
 * What the portal writes into a VM's description at create and keeps current on a package change:
 * the service it belongs to (a create whose answer was lost is recognised by it) and the package.
 */
export const describeVm = (serviceId: string, packageName: string) => `service: ${serviceId}\npackage: ${packageName}`;

/** The description with our package line set, the rest (an operator's notes) kept. */
export function withPackage(description: string | undefined, packageName: string): string {
  const line = `package: ${packageName}`;
  if (/^package:.*$/m.test(description ?? '')) return description!.replace(/^package:.*$/m, line);
  return description ? `${description.replace(/\n+$/, '')}\n${line}` : line;
}

export function descriptionFields(description: string | undefined): { serviceId: string | null; packageName: string | null } {
  const field = (key: string) => new RegExp(`^${key}: *(.+?) *$`, 'm').exec(description ?? '')?.[1] ?? null;
  return { serviceId: field('service'), packageName: field('package') };
}

/**
 * The account a VM is. The package is what our description says, else (a VM made by hand, for the
 * import) the template with the same CPUs and memory; suspended is our tag.
 */
export function accountOf(vm: Guest, config: VmConfig, templates: Guest[]): PanelAccount {
  const { serviceId, packageName } = descriptionFields(config.description);
  const alike = templates.find((t) => t.maxcpu !== null && t.maxcpu === vm.maxcpu && t.maxmem !== null && t.maxmem === vm.maxmem);
  return {
    username: vm.name ?? String(vm.vmid),
    domain: null,
    package: packageName ?? alike?.name ?? null,
    suspended: tagsOf(config.tags).includes(SUSPENDED_TAG),
    suspendReason: null,
    email: null,
    ref: { vmid: String(vm.vmid), node: vm.node, ...(serviceId ? { serviceId } : {}) },
  };
}

const UNITS: Record<string, number> = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 };

/** The boot disk of a configuration: the first scsi/virtio/sata/ide disk that is neither a CD-ROM nor the cloud-init drive. */
export function bootDiskOf(config: VmConfig): { key: string; size: string; bytes: number } | null {
  const keys = Object.keys(config).filter((key) => /^(scsi|virtio|sata|ide)\d+$/.test(key));
  const rank = (key: string) => ['scsi', 'virtio', 'sata', 'ide'].indexOf(key.replace(/\d+$/, '')) * 100 + Number(key.replace(/^\D+/, ''));
  for (const key of keys.sort((a, b) => rank(a) - rank(b))) {
    const value = config[key]!;
    if (/media=cdrom|cloudinit/.test(value)) continue;
    const size = /(?:^|,)size=(\d+(?:\.\d+)?)([KMGT]?)(?:,|$)/.exec(value);
    if (!size) continue;
    return { key, size: `${size[1]}${size[2]}`, bytes: Number(size[1]) * UNITS[size[2] ?? '']! };
  }
  return null;
}

/** A size for people: '10 GB', '512 MB'. */
export function sizeText(bytes: number): string {
  const gb = bytes / 1024 ** 3;
  return gb >= 1 ? `${Number(gb.toFixed(1))} GB` : `${Math.round(bytes / 1024 ** 2)} MB`;
}
