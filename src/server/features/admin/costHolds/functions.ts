import * as holds from '../../../../common/admin/costHolds/contract.ts';
import { COST_HOLD_ALREADY_DECIDED, COST_HOLD_NOT_FOUND, COST_HOLDS_LIMIT } from '../../../../common/admin/costHolds/contract.ts';
import { record } from '../../../audit/record.ts';
import { operatorOf } from '../../../rpc/context.ts';
import { aborted, notFound } from '../../../rpc/errors.ts';
import { implement } from '../../../rpc/registry.ts';
import { decideHeldChange, findHeldChange, listHeldChanges } from '../../domains/index.ts';
import { requireOperator } from '../policy.ts';

/** Supplier cost changes a TLD sync held for an operator (issue 18). */
export const handlers = [
  implement(holds.listHeldCostChanges, async (_input, { caller, services }) => {
    requireOperator(caller);
    return { changes: await listHeldChanges(services.db, COST_HOLDS_LIMIT) };
  }),

  implement(holds.decideHeldCostChange, async ({ id, decision }, ctx) => {
    requireOperator(ctx.caller);
    const before = await findHeldChange(ctx.tx.db, id);
    if (!before) throw notFound(COST_HOLD_NOT_FOUND);
    const now = ctx.services.clock.nowIso();
    if (!await decideHeldChange(ctx.tx, id, decision === 'approve', ctx.caller.email, now)) throw aborted(COST_HOLD_ALREADY_DECIDED);
    const change = (await findHeldChange(ctx.tx.db, id))!;
    await record(ctx.tx, {
      actor: operatorOf(ctx), actingAs: null, action: decision === 'approve' ? 'domains.cost_change_approved' : 'domains.cost_change_rejected',
      target: { type: 'domain_supplier', id: before.supplierId }, before, after: change, requestId: ctx.requestId, at: now,
    });
    return { success: true as const, change };
  }),
];
