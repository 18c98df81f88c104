import { INVITATION_EXPIRED } from '../../../common/invitations/texts.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FnInput } from '../../../common/contracts/index.ts';
import { EMAIL_NOT_VERIFIED } from '../../../common/invitations/contract.ts';
import { accountWithMembers, permissionCast } from '../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../test/support/testApp.ts';

const INVALID = 'This invitation is invalid, expired, or has already been accepted.';

describeEachDialect('getInvitation and listMyInvitations', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });

  let n = 0;
  const freshEmail = () => `reads-${dialect}-${++n}-${Date.now()}@example.test`;
  const invite = async (inviter: TestUser, accountId: string, email: string, role: FnInput<'sendInvitation'>['role'] = 'super_admin') => {
    const res = await t.call('sendInvitation', { accountId, inviteeEmail: email, role }, inviter);
    if (res.status !== 200) throw new Error(JSON.stringify(res.error));
    return res.result.invitationId as string;
  };
  const expire = (id: string) => t.services.db.updateTable('invitations')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();

  it('getInvitation shows a pending invitation to anyone holding its id, signed in or not', async () => {
    const owner = await t.signUp();
    const accountId = (await t.call('createAccount', { accountName: 'Readable Co' }, owner)).result.account.id;
    const email = freshEmail();
    const invitationId = await invite(owner, accountId, email, 'member');

    const res = await t.call('getInvitation', { invitationId }, null);
    expect(res.status).toBe(200);
    expect(Object.keys(res.result).sort()).toEqual(['acceptance', 'accountId', 'accountName', 'createdAt', 'email', 'expiresAt', 'id', 'invitedByEmail', 'role', 'status']);
    expect(res.result).toMatchObject({
      id: invitationId, accountId, accountName: 'Readable Co', email, role: 'member', invitedByEmail: owner.email, status: 'pending',
    });
    const days = (Date.parse(res.result.expiresAt) - Date.parse(res.result.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(7, 3);
  });

  it('getInvitation reports an expired invitation as expired', async () => {
    const { accountId, owner } = await accountWithMembers(t);
    const invitationId = await invite(owner, accountId, freshEmail());
    await expire(invitationId);
    expect((await t.call('getInvitation', { invitationId }, null)).result.status).toBe('expired');
  });

  it('getInvitation: an unknown id is NOT_FOUND with the invalid text; a missing id asks for one', async () => {
    const unknown = await t.call('getInvitation', { invitationId: 'nope' }, null);
    expect(unknown.status).toBe(404);
    expect(unknown.error).toMatchObject({ status: 'NOT_FOUND', message: INVALID });
    for (const input of [{}, { invitationId: '' }, { invitationId: '  ' }]) {
      const missing = await t.callRaw('getInvitation', input, null);
      expect(missing.status).toBe(400);
      expect(missing.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'No invitation ID provided in the URL.' });
    }
    const tooLong = await t.call('getInvitation', { invitationId: 'x'.repeat(129) }, null);
    expect(tooLong.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: INVALID });
  });

  it('getInvitation: the id is the capability, everyone sees the same invitation; only the acceptance answer is the caller\'s', async () => {
    const cast = await permissionCast(t);
    const email = freshEmail();
    const invitationId = await invite(cast.admin, cast.accountId, email);
    const { acceptance, ...expected } = (await t.call('getInvitation', { invitationId }, null)).result;
    expect(acceptance).toEqual({ allowed: false, reason: 'sign_in', message: 'You need to be logged in to accept an invitation. Please log in or sign up.' });
    for (const user of [cast.member, cast.admin, cast.owner, cast.outsider, cast.globalAdmin]) {
      const res = await t.call('getInvitation', { invitationId }, user);
      expect(res.status).toBe(200);
      const { acceptance: theirs, ...view } = res.result;
      expect(view).toEqual(expected);
      expect(theirs).toEqual({
        allowed: false, reason: 'wrong_email',
        message: `This invitation is for a different email address (${email}). Please log in with the correct account.`,
      });
    }
  });

  it('getInvitation tells the invited user they may accept, and everyone that a used or expired one is invalid', async () => {
    const { accountId, owner } = await accountWithMembers(t);
    const email = freshEmail();
    const invitationId = await invite(owner, accountId, email);
    const invitee = await t.signUp({ email: email.toUpperCase() });
    // Until the address is proven, the invited user is told so, not offered the invitation.
    expect((await t.call('getInvitation', { invitationId }, invitee)).result.acceptance)
      .toEqual({ allowed: false, reason: 'unverified', message: EMAIL_NOT_VERIFIED });
    await t.verify(invitee);
    expect((await t.call('getInvitation', { invitationId }, invitee)).result.acceptance).toEqual({ allowed: true, reason: null, message: null });
    await expire(invitationId);
    for (const user of [invitee, null]) {
      expect((await t.call('getInvitation', { invitationId }, user)).result.acceptance).toEqual({ allowed: false, reason: 'invalid', message: INVITATION_EXPIRED });
    }
    // And acceptInvitation agrees with what getInvitation said.
    expect((await t.call('acceptInvitation', { invitationId }, invitee)).error).toMatchObject({ status: 'FAILED_PRECONDITION', message: INVITATION_EXPIRED });
  });

  it('listMyInvitations lists only pending, unexpired invitations to the caller\'s address, with account names', async () => {
    const a = await accountWithMembers(t);
    const b = await accountWithMembers(t);
    const email = freshEmail();
    const fromA = await invite(a.owner, a.accountId, email, 'member');
    const fromB = await invite(b.admin, b.accountId, email.toUpperCase());
    const c = await accountWithMembers(t);
    const stale = await invite(c.owner, c.accountId, email);
    await expire(stale);
    await invite(a.owner, a.accountId, freshEmail()); // someone else's

    const invitee = await t.signUpVerified({ email });
    const res = await t.call('listMyInvitations', {}, invitee);
    expect(res.status).toBe(200);
    const byId = new Map(res.result.invitations.map((i: { id: string }) => [i.id, i]));
    expect([...byId.keys()].sort()).toEqual([fromA, fromB].sort());
    expect(byId.get(fromA)).toMatchObject({ accountId: a.accountId, accountName: `Account of ${a.owner.name}`, role: 'member', status: 'pending', email });
    expect(byId.get(fromB)).toMatchObject({ accountId: b.accountId, role: 'super_admin', invitedByEmail: b.admin.email });

    await t.call('acceptInvitation', { invitationId: fromA }, invitee);
    const after = await t.call('listMyInvitations', {}, invitee);
    expect(after.result.invitations.map((i: { id: string }) => i.id)).toEqual([fromB]);
  });

  it('listMyInvitations drops a revoked invitation in favour of its replacement', async () => {
    const { accountId, owner } = await accountWithMembers(t);
    const email = freshEmail();
    await invite(owner, accountId, email, 'member');
    const replacement = await invite(owner, accountId, email, 'super_admin');
    const invitee = await t.signUpVerified({ email });
    const res = await t.call('listMyInvitations', {}, invitee);
    expect(res.result.invitations).toHaveLength(1);
    expect(res.result.invitations[0]).toMatchObject({ id: replacement, role: 'super_admin' });
  });

  it('listMyInvitations rejects unexpected input', async () => {
    const user = await t.signUp();
    const res = await t.callRaw('listMyInvitations', { email: 'someone-else@example.test' }, user);
    expect(res.status).toBe(400);
    expect(res.error?.status).toBe('INVALID_ARGUMENT');
  });

  it('listMyInvitations permission matrix: signed out 401; each caller sees only their own', async () => {
    const cast = await permissionCast(t);
    const invitedEmail = freshEmail();
    await invite(cast.owner, cast.accountId, invitedEmail);
    const forOutsider = await invite(cast.admin, cast.accountId, cast.outsider.email, 'member');
    const forGlobalAdmin = await invite(cast.outsider, cast.otherAccountId, cast.globalAdmin.email);

    const signedOut = await t.call('listMyInvitations', {}, null);
    expect(signedOut.status).toBe(401);
    expect(signedOut.error?.status).toBe('UNAUTHENTICATED');

    for (const user of [cast.member, cast.admin, cast.owner]) {
      const res = await t.call('listMyInvitations', {}, user);
      expect(res.status).toBe(200);
      expect(res.result.invitations).toEqual([]);
    }
    const outsider = await t.call('listMyInvitations', {}, cast.outsider);
    expect(outsider.result.invitations.map((i: { id: string }) => i.id)).toEqual([forOutsider]);
    const globalAdmin = await t.call('listMyInvitations', {}, cast.globalAdmin);
    expect(globalAdmin.result.invitations.map((i: { id: string }) => i.id)).toEqual([forGlobalAdmin]);
    expect(JSON.stringify(globalAdmin.result)).not.toContain(invitedEmail);
  });
});
