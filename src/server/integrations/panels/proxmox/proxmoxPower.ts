import type { PanelAccount, PanelCallOptions } from '../panel.ts';
import type { ProxmoxContext } from './proxmoxContext.ts';
import { type VmRef, readConfig, readCurrent, SUSPENDED_TAG, tagsOf, vmPath } from './proxmoxGuests.ts';
import { waitForTask } from './proxmoxTasks.ts';

type Power = 'start' | 'stop';

/** Starts or stops the VM (stop pulls the plug, as billing modules do) and waits for the task. */
export async function power(context: ProxmoxContext, vm: VmRef, action: Power, options: PanelCallOptions): Promise<void> {
  const command = `POST qemu/status/${action}`;
  const upid = await context.client.call({ command, method: 'POST', path: `${vmPath(vm)}/status/${action}` }, options);
  await waitForTask(context.client, upid, command, options, context.tuning);
}

/** Destroys the VM with its disks and every reference to it (backup jobs, replication, HA). */
export async function destroy(context: ProxmoxContext, vm: VmRef, options: PanelCallOptions): Promise<void> {
  const command = 'DELETE qemu';
  const upid = await context.client.call({ command, method: 'DELETE', path: vmPath(vm), params: { purge: 1, 'destroy-unreferenced-disks': 1 } }, options);
  await waitForTask(context.client, upid, command, options, context.tuning);
}

/**
 * Adds or drops our tag, reading the configuration afresh (a start applies pending changes, which
 * changes it) and writing with its digest, so an edit made meanwhile is not overwritten.
 */
async function setSuspendedTag(context: ProxmoxContext, vm: VmRef, on: boolean, options: PanelCallOptions) {
  const config = await readConfig(context.client, vm, options);
  const others = tagsOf(config.tags).filter((tag) => tag !== SUSPENDED_TAG);
  const tags = on ? [...others, SUSPENDED_TAG] : others;
  const params = tags.length ? { tags: tags.join(';'), digest: config.digest } : { delete: 'tags', digest: config.digest };
  await context.client.call({ command: 'PUT qemu/config', method: 'PUT', path: `${vmPath(vm)}/config`, params }, options);
}

async function stateOf(context: ProxmoxContext, username: string, command: string, options: PanelCallOptions) {
  const { vm } = await context.locate(username, command, options);
  const [config, current] = await Promise.all([readConfig(context.client, vm, options), readCurrent(context.client, vm, options)]);
  return { vm, tagged: tagsOf(config.tags).includes(SUSPENDED_TAG), running: current.status === 'running' };
}

/**
 * Proxmox has no billing suspension: the VM is stopped, then tagged, so a VM someone merely
 * stopped does not read as suspended, and the tag is set only once the VM is down. Already stopped
 * and tagged: nothing is written.
 */
export async function suspend(context: ProxmoxContext, account: PanelAccount, options: PanelCallOptions): Promise<void> {
  const state = await stateOf(context, account.username, 'POST qemu/status/stop', options);
  if (state.running) await power(context, state.vm, 'stop', options);
  if (!state.tagged) await setSuspendedTag(context, state.vm, true, options);
}

/** Starts the VM, then drops the tag. Running and untagged: nothing is written (a start of a running VM is a failed task). */
export async function unsuspend(context: ProxmoxContext, account: PanelAccount, options: PanelCallOptions): Promise<void> {
  const state = await stateOf(context, account.username, 'POST qemu/status/start', options);
  if (!state.running) await power(context, state.vm, 'start', options);
  if (state.tagged) await setSuspendedTag(context, state.vm, false, options);
}

/** Stops the VM if it runs (Proxmox refuses to destroy a running VM), then destroys it with purge. */
export async function terminate(context: ProxmoxContext, account: PanelAccount, options: PanelCallOptions): Promise<void> {
  const { vm } = await context.locate(account.username, 'DELETE qemu', options);
  const current = await readCurrent(context.client, vm, options);
  if (current.status === 'running') await power(context, vm, 'stop', options);
  await destroy(context, vm, options);
}
