import { requireGlobalSuperAdmin } from '../../../access/accountAccess.ts';
import type { Caller } from '../../../rpc/context.ts';
import { failedPrecondition, invalidArgument } from '../../../rpc/errors.ts';
import { terminateConfirmText } from '../../../../common/hosting/adminServicesTexts.ts';
import { RESOLVE_ONLY_FAILED, RETRY_ONLY_FAILED, TERMINATE_CONFIRM_MISMATCH } from '../../../../common/hosting/queueContract.ts';
import type { HostingStepStatus } from '../../../db/tables/hosting.ts';

/**
 * The provisioning queue is the back office's: it reads every customer's services and changes what
 * runs on the provider's servers, so only global super admins pass (the protocol's back_office
 * gate refuses everyone else first; this states it again where it is used).
 */
export const requireQueueOperator = (caller: Caller) => requireGlobalSuperAdmin(caller);

/** Retry and Mark done apply to a failed step only: a queued or running one is the runner's, a done one is history. */
export function requireFailedStep(status: HostingStepStatus, what: 'retry' | 'resolve'): void {
  if (status !== 'failed') throw failedPrecondition(what === 'retry' ? RETRY_ONLY_FAILED : RESOLVE_ONLY_FAILED);
}

/** Removing an account and its data cannot be undone: the name typed on the page is checked again here. */
export function requireTerminateConfirmed(service: { id: string; username: string | null }, confirm: string | undefined): void {
  if (confirm !== terminateConfirmText(service)) throw invalidArgument(TERMINATE_CONFIRM_MISMATCH);
}
