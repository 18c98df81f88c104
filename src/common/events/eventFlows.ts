/**
 * The shapes of an event flow (spec §3 "Event flow"), shared by the flow functions, the
 * designer and the delivery engine, and the trigger pattern rules.
 *
 * A pattern is an event type with `*` segments: `*` stands for exactly one segment, except as
 * the last segment, where it stands for one or more; `*` alone matches every type. So
 * `domain.*` matches `domain.registered` and `domain.transfer_code.revealed`, `order.domain.*`
 * matches `order.domain.paid`, and `*.*.*` matches every type of three or more segments.
 */
export const EVENT_SEVERITIES = ['info', 'warning', 'error', 'critical'] as const;
export type Severity = (typeof EVENT_SEVERITIES)[number];

export const CONDITION_OPERATORS = ['equals', 'not_equals', 'contains', 'exists'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** A test on the event: `path` is a dot path into it (`severity`, `source`, `payload.tld`, `context.ip`). */
export interface FlowCondition {
  path: string;
  operator: ConditionOperator;
  /** Compared as text; not used by `exists`. */
  value?: string;
}

export interface FlowTrigger {
  eventType: string;
  conditions: FlowCondition[];
}

export interface FlowAction {
  type: 'webhook';
  name: string;
  webhookId: string;
  conditions: FlowCondition[];
  /** Can only tighten the webhook's own time-out and retry count (the smaller one applies). */
  config: { timeout: number; retries: number };
}

export interface IncludeExclude<T extends string = string> {
  include: T[];
  exclude: T[];
}

/** Empty include lists let everything through; an exclude list always wins. */
export interface FlowFilters {
  accounts: IncludeExclude;
  users: IncludeExclude;
  severity: IncludeExclude<Severity>;
}

export const EMPTY_FLOW_FILTERS: FlowFilters = {
  accounts: { include: [], exclude: [] },
  users: { include: [], exclude: [] },
  severity: { include: [], exclude: [] },
};

/** Spec §9: a flow action's defaults. */
export const FLOW_ACTION_DEFAULTS = { timeout: 30_000, retries: 3 } as const;

const SEGMENT = /^(\*|[a-z0-9_]+)$/;

export function isValidEventPattern(pattern: string): boolean {
  if (pattern.length === 0 || pattern.length > 120) return false;
  return pattern.split('.').every((segment) => SEGMENT.test(segment));
}

export function matchesEventPattern(pattern: string, eventType: string): boolean {
  if (pattern === '*') return true;
  const want = pattern.split('.');
  const have = eventType.split('.');
  for (let i = 0; i < want.length; i += 1) {
    const last = i === want.length - 1;
    if (i >= have.length) return false;
    if (want[i] === '*') {
      if (last) return true;
      continue;
    }
    if (want[i] !== have[i]) return false;
  }
  return want.length === have.length;
}
