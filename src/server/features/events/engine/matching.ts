import { type FlowAction, type FlowCondition, type FlowFilters, type IncludeExclude, matchesEventPattern } from '../../../../common/events/eventFlows.ts';
import { type EngineEvent, eventFields, valueAt } from './envelope.ts';

/** Which flows an event goes through, and which of their actions fire (the spec's routing rules). */
export interface EngineFlow {
  id: string;
  triggers: { eventType: string; conditions: FlowCondition[] }[];
  actions: FlowAction[];
  filters: FlowFilters;
}

export function conditionHolds(condition: FlowCondition, fields: Record<string, unknown>): boolean {
  const value = valueAt(fields, condition.path);
  const text = value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  switch (condition.operator) {
    case 'exists': return value !== undefined && value !== null;
    case 'equals': return value !== undefined && text === (condition.value ?? '');
    case 'not_equals': return text !== (condition.value ?? '');
    case 'contains': return value !== undefined && text.includes(condition.value ?? '');
    default: return false;
  }
}

/** Empty include lets everything through; exclude always wins. An event without the field passes only an empty include. */
export function passesFilter(filter: IncludeExclude | undefined, value: string | null): boolean {
  const include = filter?.include ?? [];
  const exclude = filter?.exclude ?? [];
  if (value !== null && exclude.includes(value)) return false;
  return include.length === 0 || (value !== null && include.includes(value));
}

export function passesFilters(filters: FlowFilters, event: EngineEvent): boolean {
  return passesFilter(filters.accounts, event.accountId)
    && passesFilter(filters.users, event.actorUserId)
    && passesFilter(filters.severity as IncludeExclude, event.severity);
}

/** The actions of `flow` that `event` fires: a trigger matches (pattern and its conditions), filters pass, the action's own conditions hold. */
export function firedActions(flow: EngineFlow, event: EngineEvent, fields = eventFields(event)): FlowAction[] {
  const triggered = flow.triggers.some((trigger) => matchesEventPattern(trigger.eventType, event.type)
    && (trigger.conditions ?? []).every((c) => conditionHolds(c, fields)));
  if (!triggered || !passesFilters(flow.filters, event)) return [];
  return flow.actions.filter((action) => action.type === 'webhook' && (action.conditions ?? []).every((c) => conditionHolds(c, fields)));
}
