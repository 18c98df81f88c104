import { INVITATION_EXPIRED } from '../../../common/invitations/texts.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FnInput } from '../../../common/contracts/index.ts';
import { accountWithMembers, addMember, permissionCast } from '../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../test/support/testApp.ts';

const INVALID = 'This invitation is invalid, expired, or has already been accepted.';

describeEachDialect('acceptInvitation', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });

  let n = 0;
  const freshEmail = () => `accept-${dialect}-${++n}-${Date.now()}@example.test`;
  const invite = async (inviter: TestUser, accountId: string, email: string, role: FnInput<'sendInvitation'>['role'] = 'super_admin') => {
    const res = await t.call('sendInvitation', { accountId, inviteeEmail: email, role }, inviter);
    if (res.status !== 200) throw new Error(JSON.stringify(res.error));
    return res.result.invitationId as string;
  };
  const membersOf = (accountId: string, userId: string) => t.services.db.selectFrom('account_members')
    .select('role').where('account_id', '=', accountId).where('user_id', '=', userId).execute();

  it('the invited user joins with the invited role, the account becomes active, and the invitation is spent', async () => {
    const { accountId, owner } = await accountWithMembers(t);
    const email = freshEmail();
    const invitationId = await invite(owner, accountId, email, 'member');
    const invitee = await t.signUpVerified({ email: email.toUpperCase() });

    const res = await t.call('acceptInvitation', { invitationId }, invitee);
    expect(res.status).toBe(200);
    expect(res.result).toEqual({ success: true, message: 'Invitation accepted successfully! Redirecting...', accountId });

    expect(await membersOf(accountId, invitee.id)).toEqual([{ role: 'member' }]);
    expect((await t.call('getSessionState', {}, invitee)).result).toMatchObject({ activeAccountId: accountId, activeRole: 'member' });
    const row = await t.services.db.selectFrom('invitations').selectAll().where('id', '=', invitationId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'accepted', accepted_by_user_id: invitee.id });
    expect(row.accepted_at).not.toBeNull();
    expect((await t.call('getInvitation', { invitationId }, null)).result.status).toBe('accepted');
    const list = await t.call('listAccountMembers', { accountId }, owner);
    expect(list.result.members.map((m: { userId: string }) => m.userId)).toContain(invitee.id);
  });

  it('an existing member keeps their role; the owner is never downgraded', async () => {
    const { accountId, owner, admin } = await accountWithMembers(t);
    const email = freshEmail();
    const invitationId = await invite(admin, accountId, email, 'member');
    const invitee = await t.signUpVerified({ email });
    await addMember(t, accountId, invitee, 'super_admin');
    expect((await t.call('acceptInvitation', { invitationId }, invitee)).status).toBe(200);
    expect(await membersOf(accountId, invitee.id)).toEqual([{ role: 'super_admin' }]);

    // sendInvitation refuses members, so plant an invitation to the owner directly.
    const ownerInvitation = 'planted-owner-invitation';
    await t.services.db.insertInto('invitations').values({
      id: ownerInvitation, account_id: accountId, email: owner.email, role: 'member', status: 'pending',
      invited_by_user_id: admin.id, invited_by_email: admin.email, created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 3600_000).toISOString(), accepted_at: null, accepted_by_user_id: null,
    }).execute();
    expect((await t.call('acceptInvitation', { invitationId: ownerInvitation }, owner)).status).toBe(200);
    expect(await membersOf(accountId, owner.id)).toEqual([{ role: 'account_owner' }]);
  });

  it('a different signed-in e-mail is refused with the invited address named', async () => {
    const { accountId, owner } = await accountWithMembers(t);
    const email = freshEmail();
    const invitationId = await invite(owner, accountId, email);
    const someoneElse = await t.signUpVerified();
    const res = await t.call('acceptInvitation', { invitationId }, someoneElse);
    expect(res.status).toBe(403);
    expect(res.error).toMatchObject({
      status: 'PERMISSION_DENIED',
      message: `This invitation is for a different email address (${email}). Please log in with the correct account.`,
    });
    expect(await membersOf(accountId, someoneElse.id)).toEqual([]);
    expect((await t.call('getInvitation', { invitationId }, null)).result.status).toBe('pending');
  });

  it('accepting twice adds the membership once and the second attempt is refused', async () => {
    const { accountId, owner } = await accountWithMembers(t);
    const email = freshEmail();
    const invitationId = await invite(owner, accountId, email);
    const invitee = await t.signUpVerified({ email });
    expect((await t.call('acceptInvitation', { invitationId }, invitee)).status).toBe(200);
    const again = await t.call('acceptInvitation', { invitationId }, invitee);
    expect(again.status).toBe(400);
    expect(again.error).toMatchObject({ status: 'FAILED_PRECONDITION', message: INVALID });
    expect(await membersOf(accountId, invitee.id)).toEqual([{ role: 'super_admin' }]);
  });

  it('two simultaneous accepts: exactly one wins', async () => {
    const { accountId, owner } = await accountWithMembers(t);
    const email = freshEmail();
    const invitationId = await invite(owner, accountId, email, 'member');
    const invitee = await t.signUpVerified({ email });
    const results = await Promise.all([1, 2, 3].map(() => t.call('acceptInvitation', { invitationId }, invitee)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
    expect(await membersOf(accountId, invitee.id)).toEqual([{ role: 'member' }]);
  });

  it('an expired invitation is refused and shows as expired', async () => {
    const { accountId, owner } = await accountWithMembers(t);
    const email = freshEmail();
    const invitationId = await invite(owner, accountId, email);
    await t.services.db.updateTable('invitations').set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('id', '=', invitationId).execute();
    const invitee = await t.signUpVerified({ email });
    const res = await t.call('acceptInvitation', { invitationId }, invitee);
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ status: 'FAILED_PRECONDITION', message: INVITATION_EXPIRED });
    expect(await membersOf(accountId, invitee.id)).toEqual([]);
    expect((await t.call('getInvitation', { invitationId }, invitee)).result.status).toBe('expired');
  });

  it('an unknown id is refused with the invalid text', async () => {
    const user = await t.signUp();
    const res = await t.call('acceptInvitation', { invitationId: 'no-such-invitation' }, user);
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ status: 'FAILED_PRECONDITION', message: INVALID });
  });

  it.each([
    [{}, 'No invitation ID provided in the URL.'],
    [{ invitationId: '   ' }, 'No invitation ID provided in the URL.'],
    [{ invitationId: 7 }, 'No invitation ID provided in the URL.'],
    [{ invitationId: 'x'.repeat(129) }, INVALID],
  ])('rejects %j with "%s"', async (input, message) => {
    const user = await t.signUp();
    const res = await t.callRaw('acceptInvitation', input, user);
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
  });

  it('permission matrix: signed out is told to log in; only the invited address may accept', async () => {
    const cast = await permissionCast(t);
    const email = freshEmail();
    const invitationId = await invite(cast.owner, cast.accountId, email, 'member');

    const signedOut = await t.call('acceptInvitation', { invitationId }, null);
    expect(signedOut.status).toBe(401);
    expect(signedOut.error).toMatchObject({ status: 'UNAUTHENTICATED', message: 'You need to be logged in to accept an invitation. Please log in or sign up.' });

    for (const user of [cast.member, cast.admin, cast.owner, cast.outsider, cast.globalAdmin]) {
      const res = await t.call('acceptInvitation', { invitationId }, user);
      expect(res.status).toBe(403);
      expect(res.error?.message).toBe(`This invitation is for a different email address (${email}). Please log in with the correct account.`);
    }
    expect(await membersOf(cast.accountId, cast.outsider.id)).toEqual([]);
    expect(await membersOf(cast.accountId, cast.globalAdmin.id)).toEqual([]);

    // A global super admin is an ordinary invitee when the invitation is theirs.
    const adminInvitation = await invite(cast.owner, cast.accountId, cast.globalAdmin.email, 'member');
    expect((await t.call('acceptInvitation', { invitationId: adminInvitation }, cast.globalAdmin)).status).toBe(200);
    expect(await membersOf(cast.accountId, cast.globalAdmin.id)).toEqual([{ role: 'member' }]);

    // Joining one account grants nothing in another.
    expect((await t.call('listAccountMembers', { accountId: cast.otherAccountId }, cast.globalAdmin)).status).toBe(403);
  });
});
