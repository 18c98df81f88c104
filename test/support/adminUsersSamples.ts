import type { SampleInput } from './sampleInputs.ts';

/** The permission matrix's inputs for the back office's Users functions (issue 8). */
export const adminUsersSamples: Record<string, SampleInput> = {};
