import type { contracts } from '../../src/common/contracts/adminSupport.ts';
import type { SampleInput } from './sampleInputs.ts';

/** The permission matrix's inputs for the back office's support functions (issue 8). */
export const adminSupportSamples: Record<keyof typeof contracts, SampleInput> = {};
