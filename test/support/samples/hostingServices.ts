import type { FunctionName } from '../../../src/common/contracts/index.ts';
import { hostingServiceRow, sharedCpanelFake } from '../hostingServices.ts';
import type { SampleInput } from './sampleInputs.ts';

type Names = Extract<FunctionName, 'listAccountServices' | 'getAccountService' | 'openServiceControlPanel' | 'changeServicePassword'>;

/** The permission matrix's inputs for the customer's hosting services: an active service of the cast's account on a cPanel fake. */
export const hostingServicesSamples: Record<Names, SampleInput> = {
  listAccountServices: async ({ cast }) => ({ accountId: cast.accountId }),
  getAccountService: async ({ t, cast }) => ({ serviceId: (await hostingServiceRow(t, cast.accountId)).serviceId }),
  openServiceControlPanel: async ({ t, cast }) => ({ serviceId: (await hostingServiceRow(t, cast.accountId, { fake: await sharedCpanelFake() })).serviceId }),
  changeServicePassword: async ({ t, cast }) => ({
    serviceId: (await hostingServiceRow(t, cast.accountId, { fake: await sharedCpanelFake() })).serviceId, password: 'Matrix-Passw0rd-2026',
  }),
};
