import type { contracts } from '../../src/common/contracts/adminMail.ts';
import type { SampleInput } from './sampleInputs.ts';

/** The permission matrix's inputs for the back office's mail functions (issue 8). */
export const adminMailSamples: Record<keyof typeof contracts, SampleInput> = {};
