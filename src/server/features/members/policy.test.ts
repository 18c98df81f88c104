import { describe, expect, it } from 'vitest';
import { memberAbilities } from './policy.ts';

describe('memberAbilities', () => {
  const plain = { userId: 'p', isOwner: false };
  const owner = { userId: 'o', isOwner: true };

  it('owners and account admins may change and remove other non-owner members', () => {
    expect(memberAbilities({ userId: 'o', role: 'account_owner' }, plain)).toEqual({ canChangeRole: true, canRemove: true });
    expect(memberAbilities({ userId: 'a', role: 'super_admin' }, plain)).toEqual({ canChangeRole: true, canRemove: true });
    expect(memberAbilities({ userId: 'a', role: 'super_admin' }, { userId: 'a2', isOwner: false })).toEqual({ canChangeRole: true, canRemove: true });
  });

  it('nobody acts on their own row', () => {
    expect(memberAbilities({ userId: 'o', role: 'account_owner' }, owner)).toEqual({ canChangeRole: false, canRemove: false });
    expect(memberAbilities({ userId: 'p', role: 'super_admin' }, plain)).toEqual({ canChangeRole: false, canRemove: false });
  });

  it('nobody acts on the owner row', () => {
    expect(memberAbilities({ userId: 'a', role: 'super_admin' }, owner)).toEqual({ canChangeRole: false, canRemove: false });
  });

  it('plain members act on nobody', () => {
    expect(memberAbilities({ userId: 'm', role: 'member' }, plain)).toEqual({ canChangeRole: false, canRemove: false });
    expect(memberAbilities({ userId: 'm', role: 'member' }, owner)).toEqual({ canChangeRole: false, canRemove: false });
  });
});
