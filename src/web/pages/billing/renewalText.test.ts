import { describe, expect, it } from 'vitest';
import { formatDate } from '../../components/dateFormat.ts';
import { renewalText } from './renewalText.ts';

const end = '2026-12-22T10:00:00.000Z';
const base = { status: 'active' as const, currentPeriodEnd: end, cancelAtPeriodEnd: false, canceledAt: null };

describe('when a subscription renews or ends', () => {
  it('renews at the period end, or cancels then when the customer asked', () => {
    expect(renewalText(base)).toBe(`Renews on ${formatDate(end)}`);
    expect(renewalText({ ...base, cancelAtPeriodEnd: true })).toBe(`Cancels on ${formatDate(end)}`);
    expect(renewalText({ ...base, status: 'past_due' })).toBe(`Renews on ${formatDate(end)}`);
  });

  it('says a cancelled plan ended, with its date when known', () => {
    expect(renewalText({ ...base, status: 'canceled', canceledAt: end })).toBe(`Ended on ${formatDate(end)}`);
    expect(renewalText({ ...base, status: 'canceled' })).toBe('Ended');
  });

  it('shows nothing rather than a wrong date when the period end is unknown', () => {
    expect(renewalText({ ...base, currentPeriodEnd: null })).toBeNull();
  });
});
