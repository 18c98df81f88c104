import type { contracts } from '../../src/common/contracts/adminFlows.ts';
import type { SampleInput } from './sampleInputs.ts';

/** The permission matrix's inputs for adminFlows (issue 9). */
export const adminFlowsSamples: Record<keyof typeof contracts, SampleInput> = {};
