import type { SampleInput } from './sampleInputs.ts';

/** The permission matrix's inputs for the back office's Dashboard functions (issue 8). */
export const adminDashboardSamples: Record<string, SampleInput> = {
  checkSuperAdminStatus: async () => ({}),
  getSystemStats: async () => ({}),
};
