import { describe, expect, it } from 'vitest';
import { backoffDelayMs, nextDelayMs, RETRY_AFTER_CAP_MS, retryAfterMs } from './backoff.ts';
import { deliveryBody, type EngineEvent, renderTemplate } from './envelope.ts';

describe('retry delays', () => {
  const policy = (strategy: string) => ({ strategy, initialDelayMs: 1000, maxDelayMs: 30_000 });
  it('exponential doubles from the initial delay, with jitter, never outside [initial, max]', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelayMs(policy('exponential'), n, () => 0.5))).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000]);
    for (let n = 1; n < 12; n += 1) {
      for (const r of [0, 0.999]) {
        const d = backoffDelayMs(policy('exponential'), n, () => r);
        expect(d).toBeGreaterThanOrEqual(1000);
        expect(d).toBeLessThanOrEqual(30_000);
      }
    }
    expect(backoffDelayMs(policy('exponential'), 3, () => 0)).toBe(3200);
    expect(backoffDelayMs(policy('exponential'), 3, () => 0.999)).toBe(4798);
  });
  it('linear grows by the initial delay up to the max; fixed stays', () => {
    expect([1, 2, 3, 40].map((n) => backoffDelayMs(policy('linear'), n))).toEqual([1000, 2000, 3000, 30_000]);
    expect([1, 2, 9].map((n) => backoffDelayMs(policy('fixed'), n))).toEqual([1000, 1000, 1000]);
  });
  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = new Date('2026-11-22T10:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Sun, 22 Nov 2026 10:05:00 GMT', now)).toBe(300_000);
    expect(retryAfterMs('Sun, 22 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });
  it('Retry-After lengthens the delay up to an hour and never shortens it', () => {
    const p = policy('fixed');
    expect(nextDelayMs(p, 1, 120_000)).toBe(120_000);
    expect(nextDelayMs(p, 1, 0)).toBe(1000);
    expect(nextDelayMs(p, 1, 10 * 60 * 60 * 1000)).toBe(RETRY_AFTER_CAP_MS);
  });
});

describe('bodies', () => {
  const event: EngineEvent = {
    id: 'evt-1', type: 'domain.renewed', severity: 'info', source: 'portal', createdAt: '2026-11-22T10:00:00.000Z',
    accountId: 'acc-1', actorUserId: null, correlationId: 'c-1', payload: { domain: 'example.com', years: 2 }, context: { ip: '203.0.113.1' },
  };
  it('is the envelope without a transform', () => {
    expect(JSON.parse(deliveryBody(event, { enabled: false, template: '{"x":1}' }))).toEqual({
      id: 'evt-1', type: 'domain.renewed', timestamp: '2026-11-22T10:00:00.000Z', severity: 'info', source: 'portal',
      accountId: 'acc-1', correlationId: 'c-1', data: { domain: 'example.com', years: 2 }, context: { ip: '203.0.113.1' },
    });
  });
  it('renders a template: whole placeholders keep their JSON type, inline ones become text, missing ones null or empty', () => {
    const template = { text: 'Renewed {{payload.domain}} for {{payload.years}} years', years: '{{payload.years}}', data: '{{payload}}', none: '{{payload.nope}}', list: ['{{type}}', 'x{{nope}}'] };
    expect(renderTemplate(template, { type: event.type, payload: event.payload })).toEqual({
      text: 'Renewed example.com for 2 years', years: 2, data: { domain: 'example.com', years: 2 }, none: null, list: ['domain.renewed', 'x'],
    });
    expect(JSON.parse(deliveryBody(event, { enabled: true, template: '{"d":"{{payload.domain}}","acc":"{{accountId}}"}' }))).toEqual({ d: 'example.com', acc: 'acc-1' });
  });
  it('falls back to the envelope when a stored template does not parse', () => {
    expect(JSON.parse(deliveryBody(event, { enabled: true, template: '{oops' })).type).toBe('domain.renewed');
  });
});
