import { INVITATION_REVOKED } from '../../../common/invitations/texts.ts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountWithMembers, permissionCast } from '../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../test/support/testApp.ts';

const INVITE_DETAILS_MISSING = 'Account details missing or email is empty.';

describeEachDialect('sendInvitation', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });

  let n = 0;
  const freshEmail = () => `invitee-${dialect}-${++n}-${Date.now()}@example.test`;
  const invitationRow = (id: string) => t.services.db.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('stores a pending invitation with an unguessable id, expiring in 7 days, and e-mails its link', async () => {
    const owner = await t.signUp({ name: 'Olivia Owner' });
    const created = await t.call('createAccount', { accountName: 'Hosting Heroes' }, owner);
    const accountId = created.result.account.id;
    const email = freshEmail();
    const before = Date.now();

    const res = await t.call('sendInvitation', { accountId, inviteeEmail: `  ${email.toUpperCase()} ` }, owner);
    expect(res.status).toBe(200);
    const { invitationId } = res.result;
    expect(res.result).toEqual({ success: true, message: `Invitation sent successfully to ${email}.`, invitationId });
    expect(invitationId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(invitationId).not.toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);

    const row = await invitationRow(invitationId);
    expect(row).toMatchObject({ account_id: accountId, email, role: 'super_admin', status: 'pending', invited_by_user_id: owner.id, invited_by_email: owner.email });
    const expires = new Date(row.expires_at).getTime();
    expect(expires - before).toBeGreaterThanOrEqual(7 * 24 * 3600_000 - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600_000);

    const mails = await t.outbox(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Hosting Heroes');
    expect(mails[0].text_body).toContain(`http://localhost:3000/accept-invitation/${invitationId}`);
    expect(mails[0].text_body).toContain('Hosting Heroes');
    expect(mails[0].text_body).toContain('Olivia Owner');
  });

  it('two invitations never share an id', async () => {
    const { accountId, owner } = await accountWithMembers(t);
    const a = await t.call('sendInvitation', { accountId, inviteeEmail: freshEmail() }, owner);
    const b = await t.call('sendInvitation', { accountId, inviteeEmail: freshEmail() }, owner);
    expect(a.result.invitationId).not.toBe(b.result.invitationId);
  });

  it('keeps the chosen role', async () => {
    const { accountId, admin } = await accountWithMembers(t);
    const res = await t.call('sendInvitation', { accountId, inviteeEmail: freshEmail(), role: 'member' }, admin);
    expect((await invitationRow(res.result.invitationId)).role).toBe('member');
  });

  it('refuses an address that already belongs to a member, in any letter case', async () => {
    const { accountId, owner, admin, member } = await accountWithMembers(t);
    for (const email of [member.email, member.email.toUpperCase(), owner.email, admin.email]) {
      const res = await t.call('sendInvitation', { accountId, inviteeEmail: email }, admin);
      expect(res.status).toBe(409);
      expect(res.error).toMatchObject({ status: 'ALREADY_EXISTS', message: 'This user is already a member of the account.' });
    }
    // Only the sign-up's verification mail reached them, no invitation.
    expect((await t.outbox(member.email)).filter((m) => m.subject.startsWith('You are invited'))).toHaveLength(0);
  });

  it('an address with an account of its own, but not a member here, can be invited', async () => {
    const { accountId, owner } = await accountWithMembers(t);
    const other = await accountWithMembers(t);
    const res = await t.call('sendInvitation', { accountId, inviteeEmail: other.member.email }, owner);
    expect(res.status).toBe(200);
  });

  it('a re-send revokes the earlier pending invitation and replaces it', async () => {
    const { accountId, owner, admin } = await accountWithMembers(t);
    const other = await accountWithMembers(t);
    const email = freshEmail();
    const first = await t.call('sendInvitation', { accountId, inviteeEmail: email, role: 'member' }, owner);
    const elsewhere = await t.call('sendInvitation', { accountId: other.accountId, inviteeEmail: email }, other.owner);
    const second = await t.call('sendInvitation', { accountId, inviteeEmail: email.toUpperCase() }, admin);
    expect(second.status).toBe(200);

    expect((await invitationRow(first.result.invitationId)).status).toBe('revoked');
    expect((await invitationRow(second.result.invitationId)).status).toBe('pending');
    // Another account's invitation to the same address is untouched.
    expect((await invitationRow(elsewhere.result.invitationId)).status).toBe('pending');
    expect((await t.call('getInvitation', { invitationId: first.result.invitationId }, null)).result.status).toBe('revoked');
    expect(await t.outbox(email)).toHaveLength(3);

    const invitee = await t.signUpVerified({ email });
    const stale = await t.call('acceptInvitation', { invitationId: first.result.invitationId }, invitee);
    expect(stale.status).toBe(400);
    expect(stale.error?.message).toBe(INVITATION_REVOKED);
  });

  it.each([
    [{ inviteeEmail: 'a@example.test' }, INVITE_DETAILS_MISSING],
    [{ accountId: '  ', inviteeEmail: 'a@example.test' }, INVITE_DETAILS_MISSING],
    [{ accountId: 'acc' }, INVITE_DETAILS_MISSING],
    [{ accountId: 'acc', inviteeEmail: '   ' }, INVITE_DETAILS_MISSING],
    [{ accountId: 'acc', inviteeEmail: 'not-an-email' }, 'Please enter a valid email address.'],
    [{ accountId: 'acc', inviteeEmail: 'a@example.test', role: 'account_owner' }, 'Role must be super_admin or member.'],
    [{ accountId: 'acc', inviteeEmail: 'a@example.test', role: 'owner' }, 'Role must be super_admin or member.'],
  ])('rejects %j with "%s"', async (input, message) => {
    const user = await t.signUp();
    const res = await t.callRaw('sendInvitation', input, user);
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
  });

  it('permission matrix', async () => {
    const cast = await permissionCast(t);
    const { accountId } = cast;
    const send = async (as: TestUser | null) => {
      const email = freshEmail();
      return { email, res: await t.call('sendInvitation', { accountId, inviteeEmail: email }, as) };
    };

    const signedOut = await send(null);
    expect(signedOut.res.status).toBe(401);
    expect(signedOut.res.error?.status).toBe('UNAUTHENTICATED');
    const byMember = await send(cast.member);
    expect(byMember.res.status).toBe(403);
    expect(byMember.res.error?.message).toBe('You do not have permission to access account settings.');
    for (const outsider of [cast.outsider, cast.globalAdmin]) {
      const refused = await send(outsider);
      expect(refused.res.status).toBe(403);
      expect(refused.res.error?.message).toBe('You do not have access to this account.');
      expect(await t.outbox(refused.email)).toHaveLength(0);
    }
    for (const refused of [signedOut, byMember]) expect(await t.outbox(refused.email)).toHaveLength(0);

    for (const allowed of [cast.admin, cast.owner]) {
      const { email, res } = await send(allowed);
      expect(res.status).toBe(200);
      expect(await t.outbox(email)).toHaveLength(1);
    }
    const stored = await t.services.db.selectFrom('invitations').select('account_id')
      .where('invited_by_user_id', 'in', [cast.member.id, cast.outsider.id, cast.globalAdmin.id]).execute();
    expect(stored).toEqual([]);
  });
});
