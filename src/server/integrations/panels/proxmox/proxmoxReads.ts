import { z } from 'zod';
import { mapLimit } from '../../registrars/mapLimit.ts';
import type { PanelAccount, PanelCallOptions, PanelPackage, PanelServerFacts, PanelUsage } from '../panel.ts';
import { panelName } from '../panelHttp.ts';
import type { ProxmoxContext } from './proxmoxContext.ts';
import { proxmoxError } from './proxmoxErrors.ts';
import { accountOf, bootDiskOf, CONFIG_READS, isTemplate, isVm, listGuests, readConfig, readCurrent, sizeText, vmNamed } from './proxmoxGuests.ts';

const MB = 1024 * 1024;

const versionSchema = z.object({ version: z.string(), release: z.string().optional() });

/** Read-only: the version, that the node VMs go to is in the cluster, and how many VMs there are (no licence limit). */
export async function testConnection(context: ProxmoxContext, options: PanelCallOptions): Promise<PanelServerFacts> {
  const version = await context.client.read(versionSchema, { command: 'GET version', method: 'GET', path: '/version' }, options);
  const nodes = await context.nodes(options);
  const node = await context.node(options);
  if (!nodes.some((n) => n.node === node)) {
    throw proxmoxError('refused', `${panelName('proxmox')} has no node ${node} (the cluster has ${nodes.map((n) => n.node).join(', ') || 'none'}).`, 'GET nodes');
  }
  const guests = await listGuests(context.client, options);
  return { version: version.version, accounts: guests.filter(isVm).length, maxAccounts: null };
}

/** The templates, with the size each gives a VM. */
export async function listPackages(context: ProxmoxContext, options: PanelCallOptions): Promise<PanelPackage[]> {
  const templates = (await listGuests(context.client, options)).filter((guest) => isTemplate(guest) && guest.name);
  return mapLimit(templates, CONFIG_READS, async (template) => {
    const config = await readConfig(context.client, template, options);
    const disk = bootDiskOf(config);
    const limits: Record<string, string> = {};
    const cpus = Number(config.cores ?? 1) * Number(config.sockets ?? 1);
    limits['CPU cores'] = String(cpus);
    if (config.memory) limits.Memory = sizeText(Number(config.memory) * MB);
    if (disk) limits.Disk = sizeText(disk.bytes);
    return { name: template.name!, limits };
  });
}

export async function findAccount(context: ProxmoxContext, username: string, options: PanelCallOptions): Promise<PanelAccount | null> {
  const guests = await listGuests(context.client, options);
  const vm = vmNamed(guests, username);
  if (!vm) return null;
  return accountOf(vm, await readConfig(context.client, vm, options), guests.filter(isTemplate));
}

/** Free when no guest of the cluster (VM, template or container) has the name. */
export async function usernameAvailable(context: ProxmoxContext, username: string, options: PanelCallOptions): Promise<boolean> {
  return !(await listGuests(context.client, options)).some((guest) => guest.name === username);
}

/** Every VM of the cluster (not templates, not containers), for the import. */
export async function listAccounts(context: ProxmoxContext, options: PanelCallOptions): Promise<PanelAccount[]> {
  const guests = await listGuests(context.client, options);
  const templates = guests.filter(isTemplate);
  const vms = guests.filter(isVm).sort((a, b) => a.vmid - b.vmid);
  return mapLimit(vms, CONFIG_READS, async (vm) => accountOf(vm, await readConfig(context.client, vm, options), templates));
}

/**
 * From status/current: the disk's size as the limit (Proxmox does not know what a VM's guest
 * uses of it) and the network traffic since the VM last booted as the bandwidth used.
 */
export async function usage(context: ProxmoxContext, account: PanelAccount, options: PanelCallOptions): Promise<PanelUsage> {
  const { vm } = await context.locate(account.username, 'GET qemu/status/current', options);
  const current = await readCurrent(context.client, vm, options);
  const traffic = current.netin === null && current.netout === null ? null : Math.round(((current.netin ?? 0) + (current.netout ?? 0)) / MB);
  return {
    diskUsedMb: null,
    diskLimitMb: current.maxdisk === null ? null : Math.round(current.maxdisk / MB),
    bandwidthUsedMb: traffic,
    bandwidthLimitMb: null,
    mailboxes: null,
  };
}
