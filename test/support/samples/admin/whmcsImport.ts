import type { contracts } from '../../../../src/common/admin/whmcsImport/contract.ts';
import type { SampleInput } from '../sampleInputs.ts';

/** The permission matrix's inputs for the WHMCS import (issue 19): a preview writes no domain. */
export const adminWhmcsImportSamples: Record<keyof typeof contracts, SampleInput> = {
  importWhmcsDomains: async () => ({ csvText: 'domain,status\nmatrix-import.com,Active\n', mode: 'preview' }),
  getWhmcsImportRun: async () => ({}),
};
