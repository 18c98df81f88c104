import { z } from 'zod';
import { type CreateAccountRequest, type PanelAccount, type PanelCallOptions, PanelError } from '../panel.ts';
import { PANEL_CREATE_TIMEOUT_MS, panelName } from '../panelHttp.ts';
import type { ProxmoxContext } from './proxmoxContext.ts';
import { proxmoxError } from './proxmoxErrors.ts';
import { descriptionFields, describeVm, type Guest, isTemplate, listGuests, readConfig, readCurrent, vmNamed, vmPath, type VmRef } from './proxmoxGuests.ts';
import { destroy, power } from './proxmoxPower.ts';
import { waitForTask } from './proxmoxTasks.ts';

const CLONE = 'POST qemu/clone';
/** Another order may take the VMID nextid gave before our clone does: ask again, this many times. */
const VMID_TRIES = 5;
const nextIdSchema = z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(Number);

/**
 * A VPS from the package's template: `GET /cluster/nextid`, a full clone named by the username
 * with the service in its description (retrying nextid when the VMID was taken meanwhile), then
 * cloud-init's user and password, then a start. Proxmox does not keep VM names unique, so the
 * name is checked first: any guest of that name is 'exists', except a VM whose description
 * names this very service (a create whose answer was lost), which is finished instead.
 */
export async function createAccount(context: ProxmoxContext, request: CreateAccountRequest, options: PanelCallOptions): Promise<PanelAccount> {
  const guests = await listGuests(context.client, options);
  const template = guests.find((guest) => isTemplate(guest) && guest.name === request.package);
  if (!template) throw proxmoxError('not_found', `${panelName('proxmox')} has no template named ${request.package}.`, CLONE);
  const namesake = guests.filter((guest) => guest.name === request.username).sort((a, b) => a.vmid - b.vmid);
  if (namesake.length > 0) {
    const vm = vmNamed(guests, request.username);
    const ours = vm && descriptionFields((await readConfig(context.client, vm, options)).description).serviceId === request.serviceId;
    if (!vm || !ours) throw proxmoxError('exists', `${panelName('proxmox')} already has a guest named ${request.username} (VMID ${namesake[0]!.vmid}).`, CLONE);
    const running = (await readCurrent(context.client, vm, options)).status === 'running';
    await configure(context, vm, request, options, false);
    if (!running) await power(context, vm, 'start', options);
    return created(vm, request);
  }
  const node = await context.node(options);
  const vm = await clone(context, template, node, request, options);
  await configure(context, vm, request, options, true);
  await power(context, vm, 'start', options);
  return created(vm, request);
}

async function clone(context: ProxmoxContext, template: Guest, node: string, request: CreateAccountRequest, options: PanelCallOptions): Promise<VmRef> {
  for (let attempt = 1; ; attempt += 1) {
    const vmid = await context.client.read(nextIdSchema, { command: 'GET cluster/nextid', method: 'GET', path: '/cluster/nextid' }, options);
    let upid: unknown;
    try {
      upid = await context.client.call({
        command: CLONE,
        method: 'POST',
        path: `${vmPath(template)}/clone`,
        params: {
          newid: vmid,
          name: request.username,
          full: 1,
          description: describeVm(request.serviceId, request.package),
          target: template.node === node ? undefined : node,
          storage: context.client.connection.options.storage,
        },
        timeoutMs: PANEL_CREATE_TIMEOUT_MS,
      }, options);
    } catch (error) {
      // A taken VMID is refused before anything is copied, so asking again is safe.
      if (error instanceof PanelError && error.kind === 'exists' && attempt < VMID_TRIES) continue;
      throw error;
    }
    await waitForTask(context.client, upid, CLONE, options, context.tuning, PANEL_CREATE_TIMEOUT_MS);
    return { vmid, node };
  }
}

/**
 * Cloud-init's user and password (applied when the VM boots). A password the panel refuses after
 * a fresh clone leaves a VM nobody can use: it is destroyed before the refusal is passed on.
 */
async function configure(context: ProxmoxContext, vm: VmRef, request: CreateAccountRequest, options: PanelCallOptions, fresh: boolean): Promise<void> {
  try {
    await context.client.call({
      command: 'PUT qemu/config', method: 'PUT', path: `${vmPath(vm)}/config`,
      params: { ciuser: request.username, cipassword: request.password }, secrets: [request.password],
    }, options);
  } catch (error) {
    if (!fresh || !(error instanceof PanelError) || error.kind !== 'refused') throw error;
    const undone = await destroy(context, vm, options).then(() => 'The new VM was removed.', () => `The new VM ${vm.vmid} could not be removed.`);
    throw new PanelError(error.kind, `${error.message} ${undone}`, error.details);
  }
}

const created = (vm: VmRef, request: CreateAccountRequest): PanelAccount => ({
  username: request.username,
  domain: null,
  package: request.package,
  suspended: false,
  suspendReason: null,
  email: null,
  ref: { vmid: String(vm.vmid), node: vm.node, serviceId: request.serviceId },
});
