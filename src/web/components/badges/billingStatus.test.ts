import { describe, expect, it } from 'vitest';
import { INVOICE_STATUSES, SUBSCRIPTION_STATUSES } from '../../../common/billing/billing.ts';
import { invoiceStatusColor, statusLabel, subscriptionStatusColor } from './billingStatus.ts';

describe('billing status badges', () => {
  it('shows a working subscription green, a failed payment red and an ended one grey', () => {
    expect(subscriptionStatusColor('active')).toBe('green');
    expect(subscriptionStatusColor('trialing')).toBe('green');
    expect(subscriptionStatusColor('past_due')).toBe('red');
    expect(subscriptionStatusColor('unpaid')).toBe('red');
    expect(subscriptionStatusColor('incomplete')).toBe('yellow');
    expect(subscriptionStatusColor('canceled')).toBe('gray');
  });

  it('shows a paid invoice green, an open one yellow, an uncollectible one red', () => {
    expect(invoiceStatusColor('paid')).toBe('green');
    expect(invoiceStatusColor('open')).toBe('yellow');
    expect(invoiceStatusColor('uncollectible')).toBe('red');
    expect(invoiceStatusColor('void')).toBe('gray');
  });

  it('has a colour for every state the server may send', () => {
    for (const status of SUBSCRIPTION_STATUSES) expect(subscriptionStatusColor(status)).toMatch(/^(green|red|yellow|gray)$/);
    for (const status of INVOICE_STATUSES) expect(invoiceStatusColor(status)).toMatch(/^(green|red|yellow|gray)$/);
  });

  it('writes a state in words', () => {
    expect(statusLabel('past_due')).toBe('past due');
    expect(statusLabel('incomplete_expired')).toBe('incomplete expired');
    expect(statusLabel('paid')).toBe('paid');
  });
});
