/** What operators read on the provisioning queue pages (/super-admin/provisioning). */

import type { ATTEMPT_OUTCOMES, HOSTING_STEP_ACTIONS, HOSTING_STEP_STATUSES } from './queueContract.ts';

export const NO_FAILED_STEPS = 'No failed provisioning steps.';
export const NO_FAILED_STEPS_HINT = 'A create, suspend, unsuspend, terminate or package change that its hosting panel refused, or that kept failing, lands here to be retried or marked done by hand.';
export const FAILED_TO_LOAD_QUEUE = 'Failed to load the provisioning queue';
export const FAILED_TO_LOAD_STEP = 'Failed to load the provisioning step';
export const FAILED_TO_LOAD_SERVERS = 'The server filter could not load its servers';

export const RETRY_FAILED = 'Failed to retry the step';
export const STEP_RETRIED = 'The step is queued again: it reads the panel\'s state first, then finishes what is missing.';
export const RESOLVE_FAILED = 'Failed to mark the step done';
export const STEP_RESOLVED = (serviceStatus: string) => `The step is marked done; the service is now ${serviceStatus}.`;
export const RESOLVE_NOTE_LABEL = 'What was done by hand';
export const RESOLVE_NOTE_HINT = 'Kept with the step and in the audit log. The service takes the state the step would have given it.';
export const ONLY_FAILED_ACTIONS = 'Retry and Mark done apply to a failed step only.';

export const FAILED_ORDERS_SEE_QUEUE = 'Hosting steps that failed are in the Provisioning Queue';

export const ACTION_LABELS: Record<(typeof HOSTING_STEP_ACTIONS)[number], string> = {
  create: 'Create', suspend: 'Suspend', unsuspend: 'Unsuspend', terminate: 'Terminate', change_package: 'Change package', change_password: 'Change password',
};

export const STATUS_LABELS: Record<(typeof HOSTING_STEP_STATUSES)[number], string> = {
  queued: 'Queued', running: 'Running', waiting: 'Waiting to retry', done: 'Done', failed: 'Failed', resolved: 'Done by hand', cancelled: 'Cancelled',
};

export const OUTCOME_LABELS: Record<(typeof ATTEMPT_OUTCOMES)[number], string> = {
  done: 'Done', already: 'Already so', refused: 'Refused', unknown: 'Unknown', unavailable: 'Panel unavailable',
};

/** The suspension reasons a suspend step carries. */
export const REASON_LABELS: Record<string, string> = { overdue: 'Payment overdue', operator: 'By an operator' };
