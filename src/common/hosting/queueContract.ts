import { z } from 'zod';
import { allow, defineContract, type FunctionContract } from '../protocol.ts';
import { asObject, id, isoDate } from '../contracts/shared.ts';

/**
 * The provisioning queue (issue 22): lifecycle steps that failed on their panel, for operators to
 * retry or mark done by hand, with every attempt's timed calls; and lifecycle steps run by hand.
 */

export const HOSTING_STEP_ACTIONS = ['create', 'suspend', 'unsuspend', 'terminate', 'change_package', 'change_password'] as const;
/** What an operator may run by hand (a password change is the customer's). */
export const MANUAL_STEP_ACTIONS = ['create', 'suspend', 'unsuspend', 'terminate', 'change_package'] as const;
export const HOSTING_STEP_STATUSES = ['queued', 'running', 'waiting', 'done', 'failed', 'resolved', 'cancelled'] as const;
export const ATTEMPT_OUTCOMES = ['done', 'already', 'refused', 'unknown', 'unavailable'] as const;

export const QUEUE_PAGE_SIZE = 50;
export const QUEUE_PAGE_MAX = 100;
export const RESOLUTION_NOTE_MAX = 2000;

export const STEP_NOT_FOUND = 'No such provisioning step.';
export const SERVICE_NOT_FOUND = 'No such hosting service.';
export const RETRY_ONLY_FAILED = 'Only a failed step can be retried.';
export const RESOLVE_ONLY_FAILED = 'Only a failed step can be marked done.';
export const NOTE_REQUIRED = 'Say what was done by hand (a note is required).';
export const PACKAGE_REQUIRED = 'Name the package to change to.';
export const REASON_REQUIRED = 'Give the suspension reason: overdue or operator.';
export const TERMINATE_CONFIRM_REQUIRED = 'Type the service\'s username to terminate it.';
export const TERMINATE_CONFIRM_MISMATCH = 'That is not this service\'s username: nothing was terminated.';

const action = z.enum(HOSTING_STEP_ACTIONS, { error: `Action must be one of ${HOSTING_STEP_ACTIONS.join(', ')}.` });
const note = z.string({ error: NOTE_REQUIRED }).trim().min(1, NOTE_REQUIRED).max(RESOLUTION_NOTE_MAX, `The note must be at most ${RESOLUTION_NOTE_MAX} characters.`);

export const provisioningStepSummary = z.object({
  stepId: z.string(),
  action,
  status: z.enum(HOSTING_STEP_STATUSES),
  serviceId: z.string(),
  serviceStatus: z.string(),
  productName: z.string(),
  username: z.string().nullable(),
  domain: z.string().nullable(),
  accountId: z.string(),
  accountName: z.string().nullable(),
  serverId: z.string().nullable(),
  serverName: z.string().nullable(),
  /** The panel's reason (or ours) for the last failure. */
  error: z.string().nullable(),
  attempts: z.number().int(),
  requestedAt: isoDate,
  /** When the step failed. */
  failedAt: isoDate.nullable(),
});
export type ProvisioningStepSummary = z.infer<typeof provisioningStepSummary>;

export const listProvisioningQueue = defineContract({
  name: 'listProvisioningQueue',
  summary: `Failed lifecycle steps (the provisioning queue), newest failure first, ${QUEUE_PAGE_SIZE} a page by default; filtered by action and server; with the total.`,
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({
    action: action.optional(),
    serverId: id('Server ID').optional(),
    page: z.number({ error: 'Page must be a whole number.' }).int('Page must be a whole number.').min(1, 'Page must be at least 1.').optional(),
    pageSize: z.number({ error: 'Page size must be a whole number.' }).int('Page size must be a whole number.').min(1, 'Page size must be at least 1.')
      .max(QUEUE_PAGE_MAX, `Page size must be at most ${QUEUE_PAGE_MAX}.`).optional(),
  }, asObject).strict(),
  output: z.object({ items: z.array(provisioningStepSummary), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});

export const panelCall = z.object({ command: z.string(), status: z.number().int().nullable(), ms: z.number().int(), outcome: z.string() });

export const provisioningAttempt = z.object({
  id: z.string(),
  startedAt: isoDate,
  finishedAt: isoDate.nullable(),
  outcome: z.enum(ATTEMPT_OUTCOMES).nullable(),
  message: z.string().nullable(),
  /** Every HTTP exchange with the panel: command, status, time, outcome; never a value sent. */
  calls: z.array(panelCall),
});

export const getProvisioningStep = defineContract({
  name: 'getProvisioningStep',
  summary: 'One lifecycle step with its service and every attempt at it (the panel calls, timed): the attempt log. Never a password.',
  access: 'back_office',
  kind: 'read',
  permissions: allow.backOffice,
  input: z.object({ stepId: id('Step ID') }, asObject).strict(),
  output: z.object({
    step: provisioningStepSummary.extend({
      /** The step's input without secrets: a package, a suspension reason and note. */
      input: z.record(z.string(), z.unknown()),
      nextAttemptAt: isoDate.nullable(),
      resolutionNote: z.string().nullable(),
      requestedBy: z.string().nullable(),
    }),
    attempts: z.array(provisioningAttempt),
  }),
});

export const retryProvisioningStep = defineContract({
  name: 'retryProvisioningStep',
  summary: 'Puts a failed step back in the queue: it runs again, reading the panel\'s state first. Refused unless the step failed. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ stepId: id('Step ID') }, asObject).strict(),
  output: z.object({ success: z.literal(true), stepId: z.string(), status: z.literal('queued') }),
});

export const resolveProvisioningStep = defineContract({
  name: 'resolveProvisioningStep',
  summary: 'Marks a failed step done by hand, with a required note: the step becomes resolved and the service takes the state the step would have given (create: active; suspend: suspended; unsuspend: active; terminate: terminated; change package: the new package; change password: nothing kept). Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({ stepId: id('Step ID'), note }, asObject).strict(),
  output: z.object({ success: z.literal(true), stepId: z.string(), status: z.literal('resolved'), serviceStatus: z.string() }),
});

export const runHostingStep = defineContract({
  name: 'runHostingStep',
  summary: 'Runs a lifecycle step on a service by hand (create, suspend with a reason, unsuspend, terminate with the service\'s username typed as confirmation, change package): recorded and queued like billing\'s own steps, after the service\'s open ones. Audited.',
  access: 'back_office',
  kind: 'write',
  permissions: allow.backOffice,
  input: z.object({
    serviceId: id('Service ID'),
    action: z.enum(MANUAL_STEP_ACTIONS, { error: `Action must be one of ${MANUAL_STEP_ACTIONS.join(', ')}.` }),
    reason: z.enum(['overdue', 'operator'], { error: REASON_REQUIRED }).optional(),
    note: z.string({ error: 'The note must be a text.' }).trim().max(RESOLUTION_NOTE_MAX, `The note must be at most ${RESOLUTION_NOTE_MAX} characters.`).optional(),
    package: z.string({ error: PACKAGE_REQUIRED }).trim().min(1, PACKAGE_REQUIRED).max(128, 'The package name is too long.').optional(),
    /** Terminate only: the service's username (its id when it has none), typed by the operator. */
    confirm: z.string({ error: TERMINATE_CONFIRM_REQUIRED }).max(200, TERMINATE_CONFIRM_MISMATCH).optional(),
  }, asObject).strict()
    .refine((v) => v.action !== 'suspend' || v.reason !== undefined, { message: REASON_REQUIRED, path: ['reason'] })
    .refine((v) => v.action !== 'terminate' || v.confirm !== undefined, { message: TERMINATE_CONFIRM_REQUIRED, path: ['confirm'] })
    .refine((v) => v.action !== 'change_package' || v.package !== undefined, { message: PACKAGE_REQUIRED, path: ['package'] }),
  output: z.object({ success: z.literal(true), stepId: z.string() }),
});

export const contracts = {
  listProvisioningQueue, getProvisioningStep, retryProvisioningStep, resolveProvisioningStep, runHostingStep,
} satisfies Record<string, FunctionContract>;
