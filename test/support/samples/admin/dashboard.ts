import type { FunctionName } from '../../../../src/common/contracts/index.ts';
import type { SampleInput } from '../sampleInputs.ts';

/** The permission matrix's inputs for the back office's Dashboard functions (issue 8). */
export const adminDashboardSamples = {
  checkSuperAdminStatus: async () => ({}),
  getSystemStats: async () => ({}),
} satisfies Partial<Record<FunctionName, SampleInput>>;
