import type { Panel, PanelConnection } from '../panel.ts';
import { panelName } from '../panelHttp.ts';
import { changePackage, changePassword } from './proxmoxChanges.ts';
import { createProxmoxContext } from './proxmoxContext.ts';
import { createAccount } from './proxmoxCreate.ts';
import { proxmoxError } from './proxmoxErrors.ts';
import { suspend, terminate, unsuspend } from './proxmoxPower.ts';
import { findAccount, listAccounts, listPackages, testConnection, usage, usernameAvailable } from './proxmoxReads.ts';
import type { ProxmoxTuning } from './proxmoxTasks.ts';

export type { ProxmoxTuning } from './proxmoxTasks.ts';

/**
 * Proxmox VE (reference/provisioning.md §2.4): an account is a QEMU VM named by our username,
 * found again by that name in /cluster/resources (whichever node it runs on now); packages are
 * the cluster's VM templates, by name. Writes are tasks (UPID) followed to their end.
 *
 * Choices the lifecycle relies on:
 * - suspend = stop, then a 'suspended' tag; unsuspend = start, then the tag dropped. Each reads
 *   the VM's power state and tags first and writes nothing when the VM is already so.
 * - terminate of a VM that is not there throws PanelError('not_found') without writing anything,
 *   as the Panel interface says: the caller counts it as already gone (a destroy whose answer was
 *   lost ends the same way on its retry).
 * - createAccount finishes, instead of refusing, a VM of that name whose description names the
 *   same service (a create whose answer was lost); any other guest of the name is 'exists'. The
 *   VM's ref carries { vmid, node, serviceId }.
 * - The password is cloud-init's (ciuser = username): the guest takes it when it boots.
 * - No SSO: Proxmox has no one-time login URL (capabilities.sso false; loginUrl is 'unsupported').
 *   The portal keeps no per-customer Proxmox user, so there is no panel access to revoke either.
 * - Usage: the disk's size and the traffic since boot; Proxmox does not know a VM's disk use.
 *
 * - Found again after a lost answer: /cluster/resources lists a VM cloned moments ago without its
 *   name, so such a VM's configuration is read for it (proxmoxGuests.ts).
 *
 * The API token (privilege-separated tokens need their own ACL) needs on / or the pool: VM.Audit,
 * VM.Clone, VM.Allocate, VM.Config.CPU, VM.Config.Memory, VM.Config.Disk, VM.Config.Cloudinit,
 * VM.Config.Options, VM.PowerMgmt, Datastore.AllocateSpace and Datastore.Audit on the storage, and
 * Sys.Audit to list the nodes.
 *
 * `tuning` only shortens the wait between task polls (tests); createPanel uses the defaults.
 */
export function createProxmoxPanel(connection: PanelConnection, tuning: ProxmoxTuning = {}): Panel {
  const context = createProxmoxContext(connection, tuning);
  return {
    kind: 'proxmox',
    capabilities: { sso: false, changePassword: true, usage: true, resumableCreate: true },
    testConnection: (options = {}) => testConnection(context, options),
    listPackages: (options = {}) => listPackages(context, options),
    findAccount: (username, options = {}) => findAccount(context, username, options),
    usernameAvailable: (username, options = {}) => usernameAvailable(context, username, options),
    listAccounts: (options = {}) => listAccounts(context, options),
    createAccount: (request, options = {}) => createAccount(context, request, options),
    suspend: (account, _reason, options = {}) => suspend(context, account, options),
    unsuspend: (account, options = {}) => unsuspend(context, account, options),
    terminate: (account, options = {}) => terminate(context, account, options),
    changePackage: (account, packageName, options = {}) => changePackage(context, account, packageName, options),
    changePassword: (account, password, options = {}) => changePassword(context, account, password, options),
    loginUrl: async () => {
      throw proxmoxError('unsupported', `${panelName('proxmox')} has no one-time login URL; customers reach their VPS over SSH or its console.`, 'loginUrl');
    },
    usage: (account, options = {}) => usage(context, account, options),
  };
}
