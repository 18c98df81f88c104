import { describe, expect, it } from 'vitest';
import { lastReachedStep, orderTimeline } from './orderTimeline.ts';

const base = {
  kind: 'registration' as const, status: 'pending_payment' as const, paymentStatus: 'pending' as const,
  createdAt: '2030-01-01T10:00:00.000Z', updatedAt: '2030-01-01T10:00:00.000Z', paidAt: null, completedAt: null, error: null,
};

describe('orderTimeline', () => {
  it('a new order: created, then waiting for payment and registration', () => {
    const steps = orderTimeline(base);
    expect(steps.map((s) => [s.title, s.state])).toEqual([
      ['Order created', 'done'], ['Awaiting payment', 'waiting'], ['Registration', 'waiting'],
    ]);
    expect(lastReachedStep(steps)).toBe(0);
  });

  it('a paid order being registered', () => {
    const steps = orderTimeline({ ...base, status: 'processing', paymentStatus: 'paid', paidAt: '2030-01-01T10:05:00.000Z' });
    expect(steps[1]).toEqual({ title: 'Payment received', at: '2030-01-01T10:05:00.000Z', state: 'done' });
    expect(steps[2]).toEqual({ title: 'Registering at the registrar', at: null, state: 'waiting' });
    expect(lastReachedStep(steps)).toBe(1);
  });

  it('a completed renewal says renewed, at its completion time', () => {
    const steps = orderTimeline({
      ...base, kind: 'renewal', status: 'completed', paymentStatus: 'paid',
      paidAt: '2030-01-01T10:05:00.000Z', completedAt: '2030-01-01T10:06:00.000Z', updatedAt: '2030-01-01T10:07:00.000Z',
    });
    expect(steps[2]).toEqual({ title: 'Domain renewed', at: '2030-01-01T10:06:00.000Z', state: 'done' });
    expect(lastReachedStep(steps)).toBe(2);
  });

  it('a failed registration carries the order\'s error and the time it failed', () => {
    const steps = orderTimeline({
      ...base, status: 'failed', paymentStatus: 'paid', paidAt: '2030-01-01T10:05:00.000Z',
      updatedAt: '2030-01-01T10:09:00.000Z', error: 'This domain was registered by someone else in the meantime.',
    });
    expect(steps[2]).toEqual({
      title: 'Registration failed', at: '2030-01-01T10:09:00.000Z', state: 'failed', detail: 'This domain was registered by someone else in the meantime.',
    });
  });

  it('a failed payment, and a cancelled unpaid order without a payment step', () => {
    expect(orderTimeline({ ...base, status: 'failed', paymentStatus: 'failed', updatedAt: '2030-01-02T00:00:00.000Z' })[1])
      .toEqual({ title: 'Payment failed', at: '2030-01-02T00:00:00.000Z', state: 'failed' });
    const cancelled = orderTimeline({ ...base, status: 'cancelled', updatedAt: '2030-01-03T00:00:00.000Z' });
    expect(cancelled.map((s) => s.title)).toEqual(['Order created', 'Order cancelled']);
  });
});
