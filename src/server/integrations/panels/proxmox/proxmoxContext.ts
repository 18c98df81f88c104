import { z } from 'zod';
import type { PanelCallOptions, PanelConnection } from '../panel.ts';
import { panelName } from '../panelHttp.ts';
import { createProxmoxClient, type ProxmoxClient } from './proxmoxClient.ts';
import { proxmoxError } from './proxmoxErrors.ts';
import { type Guest, listGuests, vmNamed } from './proxmoxGuests.ts';
import type { ProxmoxTuning } from './proxmoxTasks.ts';

const nodesSchema = z.array(z.object({ node: z.string(), status: z.string().optional() }));

/** What every Panel method of the adapter works with: the client, the tuning, the node new VMs go to. */
export interface ProxmoxContext {
  client: ProxmoxClient;
  tuning: ProxmoxTuning;
  /** The cluster's nodes as /nodes lists them. */
  nodes(options?: PanelCallOptions): Promise<{ node: string; status?: string }[]>;
  /** options.node, else the first online node /nodes lists. */
  node(options?: PanelCallOptions): Promise<string>;
  /** The account's VM (found by name, wherever it runs now) and every guest of the cluster; 'not_found' when there is none. */
  locate(username: string, command: string, options?: PanelCallOptions): Promise<{ vm: Guest; guests: Guest[] }>;
}

export function createProxmoxContext(connection: PanelConnection, tuning: ProxmoxTuning): ProxmoxContext {
  const client = createProxmoxClient(connection);
  let firstNode: string | null = null;
  const nodes = (options?: PanelCallOptions) => client.read(nodesSchema, { command: 'GET nodes', method: 'GET', path: '/nodes' }, options);
  return {
    client,
    tuning,
    nodes,
    async node(options) {
      if (connection.options.node) return connection.options.node;
      if (firstNode) return firstNode;
      const listed = await nodes(options);
      const chosen = listed.find((n) => n.status === 'online') ?? listed[0];
      if (!chosen) throw proxmoxError('refused', `${panelName('proxmox')} lists no node to create VMs on.`, 'GET nodes');
      firstNode = chosen.node;
      return firstNode;
    },
    async locate(username, command, options) {
      const guests = await listGuests(client, options);
      const vm = vmNamed(guests, username);
      if (!vm) throw proxmoxError('not_found', `${panelName('proxmox')} has no VM named ${username}.`, command);
      return { vm, guests };
    },
  };
}
