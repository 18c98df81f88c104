import type { contracts } from '../../../../src/common/admin/events/contract.ts';
import type { SampleInput } from '../sampleInputs.ts';

/** The permission matrix's inputs for the event functions (issue 9). */
export const adminEventsSamples: Record<keyof typeof contracts, SampleInput> = {
  collectEvent: async () => ({ eventType: 'domain.expiring', payload: { domain: 'matrix.example' }, severity: 'warning', source: 'matrix' }),
  listEvents: async ({ cast }) => ({ limit: 5, type: 'user.*', accountId: cast.accountId }),
  getEventsDashboard: async () => ({}),
  sendTestEvent: async () => ({ template: 'invoicePaid' }),
};
