import { randomBytes } from 'node:crypto';
import type { contracts } from '../../../../src/common/admin/costHolds/contract.ts';
import { seedSandboxSupplier } from '../../domains/suppliers.ts';
import type { SampleInput } from '../sampleInputs.ts';

/** The permission matrix's inputs for the held supplier cost changes (issue 18): each write decides a fresh hold. */
export const adminCostHoldsSamples: Record<keyof typeof contracts, SampleInput> = {
  listHeldCostChanges: async () => ({}),
  decideHeldCostChange: async ({ t }) => {
    await seedSandboxSupplier(t.services.db);
    const id = `hold_${randomBytes(9).toString('base64url')}`;
    await t.services.db.insertInto('supplier_cost_holds').values({
      id, supplier_id: 'sandbox', tld: 'dev', before_costs: null, reason: 'register cost is zero', status: 'held',
      after_costs: JSON.stringify({ tld: 'dev', registerCents: 0, renewCents: 1299, transferCents: 1299, currency: 'USD' }),
    }).execute();
    return { id, decision: 'reject' };
  },
};
