import type { contracts } from '../../../../src/common/admin/audit/contract.ts';
import type { SampleInput } from '../sampleInputs.ts';

/** The permission matrix's inputs for the back office's audit functions (issue 8). */
export const adminAuditSamples: Record<keyof typeof contracts, SampleInput> = {
  listAuditLog: async ({ cast }) => ({ limit: 5, targetType: 'user', targetId: cast.member.id, action: 'user.' }),
};
