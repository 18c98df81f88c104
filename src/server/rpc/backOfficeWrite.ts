import { hasAuditEntry } from '../audit/record.ts';
import { inTransaction } from '../db/transaction.ts';
import type { BackOfficeCallContext, BackOfficeWriteContext, FunctionContext, Services, SignedInContext } from './context.ts';
import type { FunctionHandler } from './registry.ts';

/**
 * A back-office write is audited unit by unit: each unit of work it commits holds an audit entry
 * (otherwise it rolls back and the call answers INTERNAL, logged), and it commits at least one.
 * A handler without an outside call runs in one unit; one with (`ownUnitsOfWork`) opens its own
 * short units, so no transaction is open while the outside system answers.
 */
export async function auditedBackOfficeWrite(handler: FunctionHandler, input: unknown, ctx: FunctionContext, services: Services) {
  const name = handler.contract.name;
  // The gate let only a global super admin through.
  const signedIn = ctx as SignedInContext;
  const inAuditedUnit = <T>(work: (unit: BackOfficeWriteContext) => Promise<T>) => inTransaction(services.db, async (tx) => {
    const result = await work({ ...signedIn, tx });
    if (!hasAuditEntry(tx)) throw new Error(`back-office write ${name} recorded no audit entry; rolled back`);
    return result;
  }, ctx.log);

  if (!handler.ownUnitsOfWork) return inAuditedUnit((unit) => handler.handle(input, unit as never));
  let committed = 0;
  const stepwise: BackOfficeCallContext = {
    ...signedIn,
    unitOfWork: async (work) => {
      const result = await inAuditedUnit(work);
      committed += 1;
      return result;
    },
  };
  const result = await handler.handle(input, stepwise as never);
  if (committed === 0) throw new Error(`back-office write ${name} recorded no audit entry: it committed no unit of work`);
  return result;
}
