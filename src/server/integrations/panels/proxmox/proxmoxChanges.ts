import type { PanelAccount, PanelCallOptions } from '../panel.ts';
import { panelName } from '../panelHttp.ts';
import type { ProxmoxContext } from './proxmoxContext.ts';
import { proxmoxError } from './proxmoxErrors.ts';
import { bootDiskOf, isTemplate, readConfig, vmPath, withPackage } from './proxmoxGuests.ts';
import { waitForTask } from './proxmoxTasks.ts';

/**
 * Moves the VM to another template's size: its cores, sockets and memory by a config write (a
 * running VM takes what it cannot hot-plug at its next boot), the description's package, and its
 * boot disk grown to the template's when that is larger (Proxmox never shrinks a disk, nor do we).
 * What is already so is not written again.
 */
export async function changePackage(context: ProxmoxContext, account: PanelAccount, packageName: string, options: PanelCallOptions): Promise<void> {
  const { vm, guests } = await context.locate(account.username, 'PUT qemu/config', options);
  const template = guests.find((guest) => isTemplate(guest) && guest.name === packageName);
  if (!template) throw proxmoxError('not_found', `${panelName('proxmox')} has no template named ${packageName}.`, 'PUT qemu/config');
  const [wanted, config] = await Promise.all([readConfig(context.client, template, options), readConfig(context.client, vm, options)]);
  const change: Record<string, string | undefined> = {
    cores: wanted.cores ?? '1',
    sockets: wanted.sockets ?? '1',
    memory: wanted.memory,
    description: withPackage(config.description, packageName),
  };
  const current: Record<string, string | undefined> = { ...config, cores: config.cores ?? '1', sockets: config.sockets ?? '1' };
  const params = Object.fromEntries(Object.entries(change).filter(([key, value]) => value !== undefined && current[key] !== value));
  if (Object.keys(params).length > 0) {
    await context.client.call({ command: 'PUT qemu/config', method: 'PUT', path: `${vmPath(vm)}/config`, params: { ...params, digest: config.digest } }, options);
  }
  const [from, to] = [bootDiskOf(config), bootDiskOf(wanted)];
  if (from && to && to.bytes > from.bytes) {
    const command = 'PUT qemu/resize';
    const upid = await context.client.call({ command, method: 'PUT', path: `${vmPath(vm)}/resize`, params: { disk: from.key, size: to.size } }, options);
    await waitForTask(context.client, upid, command, options, context.tuning);
  }
}

/** Cloud-init's password: Proxmox stores it hashed and the guest takes it at its next boot. */
export async function changePassword(context: ProxmoxContext, account: PanelAccount, password: string, options: PanelCallOptions): Promise<void> {
  const { vm } = await context.locate(account.username, 'PUT qemu/config', options);
  await context.client.call({
    command: 'PUT qemu/config', method: 'PUT', path: `${vmPath(vm)}/config`, params: { cipassword: password }, secrets: [password],
  }, options);
}
