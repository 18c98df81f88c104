import type { contracts } from '../../src/common/contracts/adminDeliveries.ts';
import type { SampleInput } from './sampleInputs.ts';

/** The permission matrix's inputs for adminDeliveries (issue 9). */
export const adminDeliveriesSamples: Record<keyof typeof contracts, SampleInput> = {};
