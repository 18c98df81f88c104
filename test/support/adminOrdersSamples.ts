import type { contracts } from '../../src/common/contracts/adminOrders.ts';
import type { SampleInput } from './sampleInputs.ts';

/** The permission matrix's inputs for the back office's orders functions (issue 8). */
export const adminOrdersSamples: Record<keyof typeof contracts, SampleInput> = {};
