import { describe, expect, it } from 'vitest';
import { accountRoleLabel, accountStatusLabel, domainStatusLabel, humanize, orderStatusLabel, ticketPriorityLabel, ticketStatusLabel, valueLabel } from './labels.ts';

describe('labels of stored values', () => {
  it('shows the account Admin role as Admin, never its stored super_admin', () => {
    expect([accountRoleLabel('super_admin'), accountRoleLabel('account_owner'), accountRoleLabel('member')]).toEqual(['Admin', 'Account Owner', 'Member']);
  });

  it('shows ticket statuses and priorities as words', () => {
    expect(['open', 'answered', 'customer-reply', 'closed'].map(ticketStatusLabel)).toEqual(['Open', 'Answered', 'Customer reply', 'Closed']);
    expect(['low', 'medium', 'high'].map(ticketPriorityLabel)).toEqual(['Low', 'Medium', 'High']);
  });

  it('shows order, domain and account statuses, and any other stored word, without underscores or hyphens', () => {
    expect(orderStatusLabel('requires_manual_processing')).toBe('Requires manual processing');
    expect(domainStatusLabel('expired')).toBe('Expired');
    expect(accountStatusLabel('suspended')).toBe('Suspended');
    expect(valueLabel('register')).toBe('Register');
    expect(valueLabel('some_new-value')).toBe('Some new value');
    expect(valueLabel(null)).toBe('—');
    expect(humanize('past_due')).toBe('Past due');
  });
});
