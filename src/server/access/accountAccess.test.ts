import { describe, expect, it } from 'vitest';
import type { Caller } from '../rpc/context.ts';
import { accountAbilities, administers, effectiveRole, IMPERSONATION_ROLE } from './accountAccess.ts';

const customer: Caller = { userId: 'u', email: 'u@example.test', name: 'U', globalRole: 'user', emailVerified: true, sessionId: 's', sessionEndsAt: Date.now() + 3_600_000, actingAs: null };
const operator: Caller = {
  ...customer, globalRole: 'super_admin',
  actingAs: { accountId: 'acted', operatorUserId: 'u', operatorEmail: 'u@example.test', reason: 'Support', startedAt: '2026-01-01T00:00:00.000Z', originalAccountId: null },
};

describe('effectiveRole', () => {
  it('is the stored membership role for an ordinary caller', () => {
    expect(effectiveRole(customer, 'a', 'member')).toBe('member');
    expect(effectiveRole(customer, 'a', null)).toBeNull();
  });

  it('makes an impersonating operator an account admin of the account acted as, and nobody elsewhere', () => {
    expect(IMPERSONATION_ROLE).toBe('super_admin');
    expect(effectiveRole(operator, 'acted', null)).toBe('super_admin');
    expect(effectiveRole(operator, 'acted', 'account_owner')).toBe('super_admin');
    expect(effectiveRole(operator, 'own', 'account_owner')).toBeNull();
  });
});

describe('accountAbilities', () => {
  it('owners and account admins manage settings, members and billing; members and outsiders nothing', () => {
    for (const role of ['account_owner', 'super_admin'] as const) {
      expect(administers(role)).toBe(true);
      expect(accountAbilities(role)).toEqual({ manageSettings: true, manageMembers: true, manageBilling: true });
    }
    for (const role of ['member', null] as const) {
      expect(accountAbilities(role)).toEqual({ manageSettings: false, manageMembers: false, manageBilling: false });
    }
  });
});
