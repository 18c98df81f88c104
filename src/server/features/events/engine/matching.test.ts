import { describe, expect, it } from 'vitest';
import { EMPTY_FLOW_FILTERS, type FlowAction, type FlowFilters, matchesEventPattern } from '../../../../common/events/eventFlows.ts';
import type { EngineEvent } from './envelope.ts';
import { conditionHolds, type EngineFlow, firedActions, passesFilters } from './matching.ts';

const event = (over: Partial<EngineEvent> = {}): EngineEvent => ({
  id: 'e1', type: 'order.domain.paid', severity: 'info', source: 'portal', createdAt: '2026-11-22T10:00:00.000Z',
  accountId: 'acc-1', actorUserId: 'user-1', correlationId: null,
  payload: { domain: 'example.com', tld: 'com', amount: 1200, nested: { ok: true } }, context: { ip: '203.0.113.9' }, ...over,
});

const action = (webhookId: string, over: Partial<FlowAction> = {}): FlowAction => ({
  type: 'webhook', name: webhookId, webhookId, conditions: [], config: { timeout: 30_000, retries: 3 }, ...over,
});

describe('trigger patterns', () => {
  it.each([
    ['*', 'user.signed_up', true],
    ['*', 'order.domain.paid', true],
    ['domain.*', 'domain.renewed', true],
    ['domain.*', 'domain.transfer_code.revealed', true],
    ['domain.*', 'domain', false],
    ['domain.*', 'order.domain.paid', false],
    ['order.domain.*', 'order.domain.paid', true],
    ['order.domain.*', 'order.created', false],
    ['*.*.*', 'order.domain.paid', true],
    ['*.*.*', 'system.webhook.disabled', true],
    ['*.*.*', 'user.signed_up', false],
    ['*.signed_up', 'user.signed_up', true],
    ['*.signed_up', 'user.role_changed', false],
    ['user.signed_up', 'user.signed_up', true],
    ['user.signed_up', 'user.signed_up.again', false],
    ['user', 'user.signed_up', false],
  ])('%s against %s → %s', (pattern, type, expected) => {
    expect(matchesEventPattern(pattern, type)).toBe(expected);
  });
});

describe('flow filters (include and exclude)', () => {
  const filters = (over: Partial<FlowFilters>): FlowFilters => ({ ...EMPTY_FLOW_FILTERS, ...over });
  it.each<[string, FlowFilters, Partial<EngineEvent>, boolean]>([
    ['no filters pass everything', EMPTY_FLOW_FILTERS, {}, true],
    ['account included', filters({ accounts: { include: ['acc-1'], exclude: [] } }), {}, true],
    ['account not in include', filters({ accounts: { include: ['acc-2'], exclude: [] } }), {}, false],
    ['account excluded', filters({ accounts: { include: [], exclude: ['acc-1'] } }), {}, false],
    ['exclude wins over include', filters({ accounts: { include: ['acc-1'], exclude: ['acc-1'] } }), {}, false],
    ['event without account fails an include', filters({ accounts: { include: ['acc-1'], exclude: [] } }), { accountId: null }, false],
    ['event without account passes an exclude', filters({ accounts: { include: [], exclude: ['acc-1'] } }), { accountId: null }, true],
    ['user included', filters({ users: { include: ['user-1'], exclude: [] } }), {}, true],
    ['user excluded', filters({ users: { include: [], exclude: ['user-1'] } }), {}, false],
    ['system event fails a user include', filters({ users: { include: ['user-1'], exclude: [] } }), { actorUserId: null }, false],
    ['severity included', filters({ severity: { include: ['error', 'critical'], exclude: [] } }), { severity: 'error' }, true],
    ['severity not included', filters({ severity: { include: ['error', 'critical'], exclude: [] } }), {}, false],
    ['severity excluded', filters({ severity: { include: [], exclude: ['info'] } }), {}, false],
    ['all three pass', filters({ accounts: { include: ['acc-1'], exclude: [] }, users: { include: [], exclude: ['user-9'] }, severity: { include: ['info'], exclude: [] } }), {}, true],
  ])('%s', (_, f, over, expected) => {
    expect(passesFilters(f, event(over))).toBe(expected);
  });
});

describe('conditions', () => {
  const fields = { severity: 'info', source: 'portal', payload: { tld: 'com', amount: 1200, nested: { ok: true } }, context: {} };
  it.each([
    [{ path: 'payload.tld', operator: 'equals', value: 'com' }, true],
    [{ path: 'payload.tld', operator: 'equals', value: 'net' }, false],
    [{ path: 'payload.amount', operator: 'equals', value: '1200' }, true],
    [{ path: 'payload.tld', operator: 'not_equals', value: 'net' }, true],
    [{ path: 'payload.missing', operator: 'not_equals', value: 'x' }, true],
    [{ path: 'source', operator: 'contains', value: 'port' }, true],
    [{ path: 'payload.nested.ok', operator: 'exists' }, true],
    [{ path: 'payload.missing', operator: 'exists' }, false],
    [{ path: 'payload.missing', operator: 'contains', value: '' }, false],
  ] as const)('%j → %s', (condition, expected) => {
    expect(conditionHolds(condition, fields)).toBe(expected);
  });
});

describe('fired actions', () => {
  const flow = (over: Partial<EngineFlow> = {}): EngineFlow => ({
    id: 'f1', triggers: [{ eventType: 'order.domain.*', conditions: [] }], actions: [action('w1'), action('w2')], filters: EMPTY_FLOW_FILTERS, ...over,
  });
  it('fires every action of a flow whose trigger matches and whose filters pass', () => {
    expect(firedActions(flow(), event()).map((a) => a.webhookId)).toEqual(['w1', 'w2']);
  });
  it('fires nothing when no trigger matches', () => {
    expect(firedActions(flow(), event({ type: 'user.signed_up' }))).toEqual([]);
  });
  it('fires nothing when a trigger condition fails, and when a filter fails', () => {
    expect(firedActions(flow({ triggers: [{ eventType: '*', conditions: [{ path: 'payload.tld', operator: 'equals', value: 'net' }] }] }), event())).toEqual([]);
    expect(firedActions(flow({ filters: { ...EMPTY_FLOW_FILTERS, severity: { include: ['critical'], exclude: [] } } }), event())).toEqual([]);
  });
  it('skips an action whose own conditions fail', () => {
    const f = flow({ actions: [action('w1', { conditions: [{ path: 'payload.tld', operator: 'equals', value: 'net' }] }), action('w2')] });
    expect(firedActions(f, event()).map((a) => a.webhookId)).toEqual(['w2']);
  });
  it('one matching trigger of several is enough', () => {
    const f = flow({ triggers: [{ eventType: 'user.*', conditions: [] }, { eventType: '*.*.paid', conditions: [] }] });
    expect(firedActions(f, event())).toHaveLength(2);
  });
});
