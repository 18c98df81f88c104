import type { contracts } from '../../src/common/contracts/adminWebhooks.ts';
import type { SampleInput } from './sampleInputs.ts';

/** The permission matrix's inputs for adminWebhooks (issue 9). */
export const adminWebhooksSamples: Record<keyof typeof contracts, SampleInput> = {};
