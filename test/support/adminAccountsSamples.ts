import type { SampleInput } from './sampleInputs.ts';

/** The permission matrix's inputs for the back office's Accounts functions (issue 8). */
export const adminAccountsSamples: Record<string, SampleInput> = {};
