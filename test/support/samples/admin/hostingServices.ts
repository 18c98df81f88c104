import type { contracts } from '../../../../src/common/hosting/adminServicesContract.ts';
import { hostingServiceRow, sharedCpanelFake } from '../../hostingServices.ts';
import type { SampleInput } from '../sampleInputs.ts';

/** The permission matrix's inputs for the operator's hosting services (issue 22): an active service of the cast's account on a cPanel fake. */
export const adminHostingServicesSamples: Record<keyof typeof contracts, SampleInput> = {
  listHostingServices: async ({ cast }) => ({ accountId: cast.accountId, status: 'active' }),
  getHostingService: async ({ t, cast }) => ({ serviceId: (await hostingServiceRow(t, cast.accountId)).serviceId }),
  openHostingPanelAsCustomer: async ({ t, cast }) => ({ serviceId: (await hostingServiceRow(t, cast.accountId, { fake: await sharedCpanelFake() })).serviceId }),
};
