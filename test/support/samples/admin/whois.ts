import type { contracts } from '../../../../src/common/admin/whois/contract.ts';
import type { SampleInput } from '../sampleInputs.ts';

/** The name the permission matrix's fake RDAP server knows (test/integration/permissionMatrix.test.ts). */
export const MATRIX_WHOIS_DOMAIN = 'matrix-sample.com';

/** The permission matrix's inputs for the back office's WHOIS lookup (issue 19). */
export const adminWhoisSamples: Record<keyof typeof contracts, SampleInput> = {
  whoisLookup: async () => ({ domain: MATRIX_WHOIS_DOMAIN }),
};
