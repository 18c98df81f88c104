import { describe, expect, it } from 'vitest';
import { isValidEventPattern } from '../../events/eventFlows.ts';
import { averageOf, FLOW_TEMPLATES, isTemplatePath, QUICK_SETUP_FLOWS, successRate, webhookBadge } from './texts.ts';

describe('webhook badge (spec §4)', () => {
  it.each([
    [false, 'healthy', 'Inactive', 'gray'],
    [false, 'error', 'Inactive', 'gray'],
    [true, 'healthy', 'Healthy', 'green'],
    [true, 'degraded', 'Degraded', 'yellow'],
    [true, 'error', 'Error', 'red'],
    [true, 'disabled', 'Error', 'red'],
  ])('active %s, health %s → %s', (isActive, health, label, color) => {
    expect(webhookBadge(isActive, health)).toEqual({ label, color });
  });
});

describe('statistics (spec §9)', () => {
  it('success rate is the rounded percentage, 0 when none; the average is rounded, 0 when none', () => {
    expect(successRate(2, 3)).toBe(67);
    expect(successRate(0, 0)).toBe(0);
    expect(averageOf(100, 3)).toBe(33);
    expect(averageOf(0, 0)).toBe(0);
  });
});

describe('payload template paths (the rule shared with the engine)', () => {
  it.each([
    ['id', true], ['type', true], ['createdAt', true], ['payload', true], ['payload.domain', true], ['context.ip', true], ['payload.a.b_2', true],
    ['id.x', false], ['secret', false], ['payload.', false], ['payload..x', false], ['payload[0]', false], ['', false], ['constructor', false],
  ])('%s → %s', (path, ok) => {
    expect(isTemplatePath(path)).toBe(ok);
  });
});

describe('quick setup and templates (spec §9)', () => {
  it('are the spec\'s patterns, all valid', () => {
    expect(QUICK_SETUP_FLOWS.map((f) => f.patterns)).toEqual([['domain.*'], ['user.*'], ['order.*'], ['system.*'], ['*.*.*']]);
    expect(QUICK_SETUP_FLOWS.every((f) => f.severities.join() === 'info,warning,error,critical')).toBe(true);
    expect(FLOW_TEMPLATES.map((f) => f.patterns)).toEqual([['*'], ['payment.*'], ['domain.*', 'order.domain.*'], ['user.*'], ['admin.*']]);
    expect(FLOW_TEMPLATES[0].severities).toEqual(['error', 'warning', 'critical']);
    expect([...QUICK_SETUP_FLOWS, ...FLOW_TEMPLATES].flatMap((f) => f.patterns).every(isValidEventPattern)).toBe(true);
  });
});
