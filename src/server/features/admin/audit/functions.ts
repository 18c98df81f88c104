import * as audit from '../../../../common/admin/audit/contract.ts';
import { implement } from '../../../rpc/registry.ts';
import { requireOperator } from '../policy.ts';
import { pageOfAuditEntries } from './service.ts';

/** The back office's audit handlers (issue 8). */
export const handlers = [
  implement(audit.listAuditLog, async (input, { caller, services }) => {
    requireOperator(caller);
    return pageOfAuditEntries(services.db, input);
  }),
];
