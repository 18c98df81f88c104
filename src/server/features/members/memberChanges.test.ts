import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FnInput } from '../../../common/contracts/index.ts';
import { accountWithMembers, addMember, createUser, permissionCast } from '../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../test/support/testApp.ts';

describeEachDialect('updateMemberRole and removeMember', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });

  const roleOf = async (accountId: string, userId: string) => (await t.services.db.selectFrom('account_members')
    .select('role').where('account_id', '=', accountId).where('user_id', '=', userId).executeTakeFirst())?.role ?? null;

  it('an admin promotes a member, who can then manage members', async () => {
    const { accountId, admin, member } = await accountWithMembers(t);
    expect((await t.call('listAccountMembers', { accountId }, member)).status).toBe(403);
    const res = await t.call('updateMemberRole', { accountId, memberUid: member.id, newRole: 'super_admin' }, admin);
    expect(res.status).toBe(200);
    expect(res.result).toEqual({ success: true, message: 'Role updated.' });
    expect(await roleOf(accountId, member.id)).toBe('super_admin');
    expect((await t.call('listAccountMembers', { accountId }, member)).status).toBe(200);
  });

  it('the owner demotes an admin', async () => {
    const { accountId, owner, admin } = await accountWithMembers(t);
    const res = await t.call('updateMemberRole', { accountId, memberUid: admin.id, newRole: 'member' }, owner);
    expect(res.result).toEqual({ success: true, message: 'Role updated.' });
    expect(await roleOf(accountId, admin.id)).toBe('member');
  });

  it('removing a member ends their access and clears the account from their session', async () => {
    const { accountId, owner, member } = await accountWithMembers(t);
    expect((await t.call('getSessionState', {}, member)).result.activeAccountId).toBe(accountId);
    const res = await t.call('removeMember', { accountId, memberUid: member.id }, owner);
    expect(res.status).toBe(200);
    expect(res.result).toEqual({ success: true, message: 'Member removed.' });
    expect(await roleOf(accountId, member.id)).toBeNull();
    const user = await t.services.db.selectFrom('users').select('active_account_id').where('id', '=', member.id).executeTakeFirstOrThrow();
    expect(user.active_account_id).toBeNull();
    expect((await t.call('getSessionState', {}, member)).result).toMatchObject({ activeAccountId: null, memberships: [] });
    expect((await t.call('getAccount', { accountId }, member)).status).toBe(403);
  });

  it('removal keeps the member\'s active account when it is a different one', async () => {
    const { accountId, admin, member } = await accountWithMembers(t);
    const own = await t.call('createAccount', { accountName: 'Member\'s own' }, member);
    const res = await t.call('removeMember', { accountId, memberUid: member.id }, admin);
    expect(res.status).toBe(200);
    expect((await t.call('getSessionState', {}, member)).result.activeAccountId).toBe(own.result.account.id);
  });

  it('nobody changes their own role or removes themselves', async () => {
    const { accountId, owner, admin } = await accountWithMembers(t);
    for (const user of [owner, admin]) {
      const change = await t.call('updateMemberRole', { accountId, memberUid: user.id, newRole: 'member' }, user);
      expect(change.status).toBe(403);
      expect(change.error).toMatchObject({ status: 'PERMISSION_DENIED', message: 'You cannot change your own role.' });
      const remove = await t.call('removeMember', { accountId, memberUid: user.id }, user);
      expect(remove.status).toBe(403);
      expect(remove.error).toMatchObject({ status: 'PERMISSION_DENIED', message: 'You cannot remove yourself from the account.' });
    }
    expect(await roleOf(accountId, owner.id)).toBe('account_owner');
    expect(await roleOf(accountId, admin.id)).toBe('super_admin');
  });

  it('the owner row is never changed or removed', async () => {
    const { accountId, owner, admin } = await accountWithMembers(t);
    const change = await t.call('updateMemberRole', { accountId, memberUid: owner.id, newRole: 'member' }, admin);
    expect(change.status).toBe(403);
    expect(change.error?.message).toBe('The account owner\'s role cannot be changed.');
    const remove = await t.call('removeMember', { accountId, memberUid: owner.id }, admin);
    expect(remove.status).toBe(403);
    expect(remove.error?.message).toBe('The account owner cannot be removed.');
    expect(await roleOf(accountId, owner.id)).toBe('account_owner');
  });

  it('a target who is not a member is NOT_FOUND, even if they belong to another account', async () => {
    const { accountId, owner } = await accountWithMembers(t);
    const other = await accountWithMembers(t);
    for (const memberUid of [other.member.id, 'no-such-user']) {
      const change = await t.call('updateMemberRole', { accountId, memberUid, newRole: 'member' }, owner);
      expect(change.status).toBe(404);
      expect(change.error).toMatchObject({ status: 'NOT_FOUND', message: 'Member not found.' });
      const remove = await t.call('removeMember', { accountId, memberUid }, owner);
      expect(remove.status).toBe(404);
      expect(remove.error?.message).toBe('Member not found.');
    }
    expect(await roleOf(other.accountId, other.member.id)).toBe('member');
  });

  it.each([
    ['updateMemberRole', { memberUid: 'u', newRole: 'member' }, 'Account ID is required.'],
    ['updateMemberRole', { accountId: ' ', memberUid: 'u', newRole: 'member' }, 'Account ID is required.'],
    ['updateMemberRole', { accountId: 'a', newRole: 'member' }, 'Member ID is required.'],
    ['updateMemberRole', { accountId: 'a', memberUid: '', newRole: 'member' }, 'Member ID is required.'],
    ['updateMemberRole', { accountId: 'a', memberUid: 'x'.repeat(129), newRole: 'member' }, 'Member ID is not valid.'],
    ['updateMemberRole', { accountId: 'a', memberUid: 'u' }, 'Role must be super_admin or member.'],
    ['updateMemberRole', { accountId: 'a', memberUid: 'u', newRole: 'account_owner' }, 'Role must be super_admin or member.'],
    ['updateMemberRole', { accountId: 'a', memberUid: 'u', newRole: 'admin' }, 'Role must be super_admin or member.'],
    ['removeMember', { memberUid: 'u' }, 'Account ID is required.'],
    ['removeMember', { accountId: 'a' }, 'Member ID is required.'],
    ['removeMember', { accountId: 'a', memberUid: '  ' }, 'Member ID is required.'],
  ])('%s rejects %j with "%s"', async (fn, input, message) => {
    const user = await createUser(t);
    const res = await t.callRaw(fn, input, user);
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
  });

  it('permission matrix for updateMemberRole', async () => {
    const cast = await permissionCast(t);
    const { accountId } = cast;
    const target = await createUser(t);
    await addMember(t, accountId, target, 'member');
    const change = (as: TestUser | null, newRole: FnInput<'updateMemberRole'>['newRole']) => t.call('updateMemberRole', { accountId, memberUid: target.id, newRole }, as);

    expect((await change(null, 'super_admin')).status).toBe(401);
    const byMember = await change(cast.member, 'super_admin');
    expect(byMember.status).toBe(403);
    expect(byMember.error?.message).toBe('You do not have permission to access account settings.');
    for (const outsider of [cast.outsider, cast.globalAdmin]) {
      const res = await change(outsider, 'super_admin');
      expect(res.status).toBe(403);
      expect(res.error?.message).toBe('You do not have access to this account.');
    }
    expect(await roleOf(accountId, target.id)).toBe('member');

    expect((await change(cast.admin, 'super_admin')).status).toBe(200);
    expect(await roleOf(accountId, target.id)).toBe('super_admin');
    expect((await change(cast.owner, 'member')).status).toBe(200);
    expect(await roleOf(accountId, target.id)).toBe('member');

    // An outsider cannot touch the members of their own account through someone else's id either.
    const cross = await t.call('updateMemberRole', { accountId: cast.otherAccountId, memberUid: target.id, newRole: 'member' }, cast.owner);
    expect(cross.status).toBe(403);
  });

  it('permission matrix for removeMember', async () => {
    const cast = await permissionCast(t);
    const { accountId } = cast;
    const [first, second] = [await createUser(t), await createUser(t)];
    await addMember(t, accountId, first, 'member');
    await addMember(t, accountId, second, 'super_admin');
    const remove = (as: TestUser | null, memberUid: string) => t.call('removeMember', { accountId, memberUid }, as);

    expect((await remove(null, first.id)).status).toBe(401);
    const byMember = await remove(cast.member, first.id);
    expect(byMember.status).toBe(403);
    expect(byMember.error?.message).toBe('You do not have permission to access account settings.');
    for (const outsider of [cast.outsider, cast.globalAdmin]) {
      const res = await remove(outsider, first.id);
      expect(res.status).toBe(403);
      expect(res.error?.message).toBe('You do not have access to this account.');
    }
    expect(await roleOf(accountId, first.id)).toBe('member');

    expect((await remove(cast.admin, first.id)).status).toBe(200);
    expect((await remove(cast.owner, second.id)).status).toBe(200);
    expect(await roleOf(accountId, first.id)).toBeNull();
    expect(await roleOf(accountId, second.id)).toBeNull();
    expect(await roleOf(cast.otherAccountId, cast.outsider.id)).toBe('account_owner');
  });
});
