import { randomUUID } from 'node:crypto';
import type { contracts as productContracts } from '../../../../src/common/hosting/productsContract.ts';
import type { contracts as serverContracts } from '../../../../src/common/hosting/serversContract.ts';
import { createPlan } from '../../billing/factories.ts';
import { insertServer, insertServerGroup } from '../../hostingServers.ts';
import type { SampleInput } from '../sampleInputs.ts';

/** The permission matrix's inputs for /super-admin/servers and the product mapping (issue 22); servers point where nothing listens. */
export const hostingSamples: Record<keyof typeof serverContracts | keyof typeof productContracts, SampleInput> = {
  listHostingServers: async () => ({}),
  saveHostingServer: async () => ({
    name: `matrix-${randomUUID().slice(0, 8)}`, panel: 'directadmin', host: 'da.example.com', port: 2222,
    credentials: { kind: 'directadmin', username: 'admin', loginKey: 'matrix-login-key' },
  }),
  deleteHostingServer: async ({ t }) => ({ serverId: await insertServer(t) }),
  testHostingServer: async ({ t }) => ({ serverId: await insertServer(t) }),
  saveServerGroup: async () => ({ name: `Matrix group ${randomUUID().slice(0, 8)}`, fillPolicy: 'spread' }),
  deleteServerGroup: async ({ t }) => ({ groupId: await insertServerGroup(t) }),
  listHostingProducts: async () => ({}),
  listPanelPackages: async ({ t }) => ({ panel: 'plesk', groupId: await insertServerGroup(t) }),
  saveHostingProduct: async ({ t }) => ({ productId: (await createPlan(t)).productId, panel: 'cpanel', groupId: await insertServerGroup(t), package: 'starter', orderFields: ['domain'] }),
  removeHostingProduct: async ({ t }) => ({ productId: (await createPlan(t)).productId }),
};
