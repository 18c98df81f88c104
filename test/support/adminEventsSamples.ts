import type { contracts } from '../../src/common/contracts/adminEvents.ts';
import type { SampleInput } from './sampleInputs.ts';

/** The permission matrix's inputs for adminEvents (issue 9). */
export const adminEventsSamples: Record<keyof typeof contracts, SampleInput> = {};
