import type { contracts } from '../../../../src/common/hosting/queueContract.ts';
import { seedFailedStep } from '../../hosting.ts';
import type { SampleInput } from '../sampleInputs.ts';

/** The permission matrix's inputs for the provisioning queue (issue 22): each write acts on a fresh failed step or service. */
export const adminHostingQueueSamples: Record<keyof typeof contracts, SampleInput> = {
  listProvisioningQueue: async () => ({}),
  getProvisioningStep: async ({ t, cast }) => ({ stepId: (await seedFailedStep(t, cast.accountId)).stepId }),
  retryProvisioningStep: async ({ t, cast }) => ({ stepId: (await seedFailedStep(t, cast.accountId)).stepId }),
  resolveProvisioningStep: async ({ t, cast }) => ({ stepId: (await seedFailedStep(t, cast.accountId)).stepId, note: 'Created by hand in WHM.' }),
  runHostingStep: async ({ t, cast }) => ({ serviceId: (await seedFailedStep(t, cast.accountId, 'suspend', { reason: 'overdue' })).serviceId, action: 'suspend', reason: 'operator', note: 'Abuse report' }),
};
