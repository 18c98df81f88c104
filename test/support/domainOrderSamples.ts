import type { FunctionName } from '../../src/common/contracts/index.ts';
import type { SampleInput } from './sampleInputs.ts';

type Names = Extract<FunctionName, 'registerDomain' | 'renewDomain' | 'payDomainOrder' | 'getDomainOrder'>;

/** The permission matrix's inputs for registerDomain, renewDomain, payDomainOrder and getDomainOrder. */
export const domainOrderSamples: Record<Names, SampleInput> = {
  // Each function's builder: a valid input around the cast's account (see sampleInputs.ts).
} as Record<Names, SampleInput>;
