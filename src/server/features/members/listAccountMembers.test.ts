import { afterAll, beforeAll, expect, it } from 'vitest';
import { addMember, createUser, permissionCast } from '../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../test/support/testApp.ts';

describeEachDialect('listAccountMembers', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });

  it('lists owner first, then by display name, with badges and what the viewer may do', async () => {
    const owner = await createUser(t, { name: 'Zed Owner' });
    const created = await t.call('createAccount', { accountName: 'Sorted' }, owner);
    const accountId = created.result.account.id;
    const bob = await createUser(t, { name: 'bob' });
    const alice = await createUser(t, { name: 'Alice' });
    const carol = await createUser(t, { name: 'Carol' });
    await addMember(t, accountId, bob, 'member');
    await addMember(t, accountId, carol, 'super_admin');
    await addMember(t, accountId, alice, 'member');

    const res = await t.call('listAccountMembers', { accountId }, carol);
    expect(res.status).toBe(200);
    expect(res.result.count).toBe(4);
    expect(res.result.members.map((m: { displayName: string }) => m.displayName)).toEqual(['Zed Owner', 'Alice', 'bob', 'Carol']);
    const [ownerRow, aliceRow, bobRow, carolRow] = res.result.members;
    expect(ownerRow).toMatchObject({ userId: owner.id, email: owner.email, role: 'account_owner', isOwner: true, isSelf: false, canChangeRole: false, canRemove: false });
    expect(aliceRow).toMatchObject({ userId: alice.id, role: 'member', isOwner: false, isSelf: false, canChangeRole: true, canRemove: true });
    expect(bobRow).toMatchObject({ canChangeRole: true, canRemove: true });
    expect(carolRow).toMatchObject({ userId: carol.id, role: 'super_admin', isSelf: true, canChangeRole: false, canRemove: false });
    expect(Number.isNaN(Date.parse(ownerRow.joinedAt))).toBe(false);
  });

  it('the owner sees the controls on every row but their own', async () => {
    const { accountId, owner, admin, member } = await permissionCast(t);
    const res = await t.call('listAccountMembers', { accountId }, owner);
    const byId = new Map(res.result.members.map((m: { userId: string }) => [m.userId, m]));
    expect(byId.get(owner.id)).toMatchObject({ isOwner: true, isSelf: true, canChangeRole: false, canRemove: false });
    expect(byId.get(admin.id)).toMatchObject({ role: 'super_admin', canChangeRole: true, canRemove: true });
    expect(byId.get(member.id)).toMatchObject({ role: 'member', canChangeRole: true, canRemove: true });
  });

  it.each([
    [{}, 'Account ID is required.'],
    [{ accountId: '  ' }, 'Account ID is required.'],
    [{ accountId: 'x'.repeat(129) }, 'Account ID is not valid.'],
  ])('rejects %j with "%s"', async (input, message) => {
    const user = await createUser(t);
    const res = await t.callRaw('listAccountMembers', input, user);
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
  });

  it('an unknown account is refused like someone else\'s account', async () => {
    const user = await createUser(t);
    const res = await t.call('listAccountMembers', { accountId: 'no-such-account' }, user);
    expect(res.status).toBe(403);
    expect(res.error?.message).toBe('You do not have access to this account.');
  });

  it('permission matrix', async () => {
    const cast = await permissionCast(t);
    const { accountId } = cast;
    const call = (as: Parameters<TestApp['call']>[2]) => t.call('listAccountMembers', { accountId }, as);

    const signedOut = await call(null);
    expect(signedOut.status).toBe(401);
    expect(signedOut.error?.status).toBe('UNAUTHENTICATED');

    const member = await call(cast.member);
    expect(member.status).toBe(403);
    expect(member.error?.message).toBe('You do not have permission to access account settings.');

    for (const outsider of [cast.outsider, cast.globalAdmin]) {
      const res = await call(outsider);
      expect(res.status).toBe(403);
      expect(res.error?.message).toBe('You do not have access to this account.');
      expect(res.result).toBeUndefined();
    }

    for (const adminish of [cast.admin, cast.owner]) {
      const res = await call(adminish);
      expect(res.status).toBe(200);
      const ids = res.result.members.map((m: { userId: string }) => m.userId).sort();
      expect(ids).toEqual([cast.owner.id, cast.admin.id, cast.member.id].sort());
      expect(ids).not.toContain(cast.outsider.id);
    }

    // The outsider administers their own account, and sees only its members.
    const own = await t.call('listAccountMembers', { accountId: cast.otherAccountId }, cast.outsider);
    expect(own.result.members.map((m: { userId: string }) => m.userId)).toEqual([cast.outsider.id]);
  });
});
