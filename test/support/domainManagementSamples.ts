import type { FunctionName } from '../../src/common/contracts/index.ts';
import type { SampleInput } from './sampleInputs.ts';

type Names = Extract<FunctionName, 'listDomains' | 'getDomainDetails' | 'updateDomainContacts' | 'updateDomainNameservers' | 'updateDomainAutoRenew'
  | 'setDomainLock' | 'setDomainPrivacy' | 'getDomainTransferCode' | 'verifyManagedDomain' | 'verifyManagedDomainsBulk'>;

/** The permission matrix's inputs for listDomains and the domain-keyed functions. */
export const domainManagementSamples: Record<Names, SampleInput> = {
  // Each function's builder: a valid input around the cast's account (see sampleInputs.ts).
} as Record<Names, SampleInput>;
