import { contracts } from '../../../../common/admin/impersonation/contract.ts';
import { startImpersonationIn, stopImpersonationIn } from '../../../access/impersonation.ts';
import { implement } from '../../../rpc/registry.ts';
import { requireOperator } from '../policy.ts';

// The access module owns the mechanism and writes the one audit entry of each act; the
// protocol's unit of work (ctx.tx) is handed to it, so that entry is the one the protocol
// requires before it commits.

/** The back office's impersonation handlers (issue 8). */
export const handlers = [
  implement(contracts.startAccountImpersonation, async ({ accountId, reason }, { caller, tx, services }) => {
    requireOperator(caller);
    return startImpersonationIn(tx, services.clock, caller, accountId, reason);
  }),

  implement(contracts.stopImpersonation, async (_input, { caller, tx, services }) => {
    requireOperator(caller);
    return stopImpersonationIn(tx, services.clock, caller);
  }),
];
