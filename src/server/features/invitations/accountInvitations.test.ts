import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INVITATIONS_PER_ADDRESS_PER_DAY, MAX_PENDING_INVITATIONS_PER_ACCOUNT } from '../../../common/invitations/limits.ts';
import {
  INVITATION_EXPIRED, INVITATION_NOT_FOUND, INVITATION_NOT_PENDING, INVITATION_REVOKED, tooManyInvitationsToAddress, tooManyPendingInvitations,
} from '../../../common/invitations/texts.ts';
import { accountWithMembers, createUser } from '../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../test/support/testApp.ts';

// Issue 21: an account's owner and admins see and revoke its pending invitations; invitations
// expire after 7 days; removing or demoting a member revokes what they sent; caps per account.
describeEachDialect('account invitations (issue 21)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });

  const freshEmail = () => `inv-${dialect}-${randomBytes(5).toString('hex')}@example.test`;
  const invite = async (inviter: TestUser, accountId: string, email = freshEmail(), role: 'member' | 'super_admin' = 'member') => {
    const res = await t.call('sendInvitation', { accountId, inviteeEmail: email, role }, inviter);
    if (res.status !== 200) throw new Error(JSON.stringify(res.error));
    return res.result.invitationId;
  };
  const statusOf = async (id: string) =>
    (await t.services.db.selectFrom('invitations').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const invitationCount = async (accountId: string) => Number((await t.services.db.selectFrom('invitations')
    .select((eb) => eb.fn.countAll().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow()).n);
  const mailCount = async (email: string) => (await t.outbox(email)).length;

  describe('listing', () => {
    it('owners and admins see pending invitations with e-mail, role, inviter, when and expiry; members do not', async () => {
      const { accountId, owner, admin, member } = await accountWithMembers(t);
      const first = freshEmail();
      const second = freshEmail();
      const a = await invite(owner, accountId, first, 'member');
      const b = await invite(admin, accountId, second, 'super_admin');

      for (const viewer of [owner, admin]) {
        const res = await t.call('listAccountInvitations', { accountId }, viewer);
        expect(res.status).toBe(200);
        expect(res.result.limit).toBe(MAX_PENDING_INVITATIONS_PER_ACCOUNT);
        expect(res.result.invitations.map((i) => i.id).sort()).toEqual([a, b].sort());
        const row = res.result.invitations.find((i) => i.id === b)!;
        expect(row).toMatchObject({ email: second, role: 'super_admin', invitedByEmail: admin.email });
        expect(Date.parse(row.expiresAt) - Date.parse(row.createdAt)).toBe(7 * 24 * 3600_000);
      }
      const refused = await t.call('listAccountInvitations', { accountId }, member);
      expect(refused.status).toBe(403);
    });

    it('leaves out accepted, revoked and expired invitations', async () => {
      const { accountId, owner } = await accountWithMembers(t);
      const live = await invite(owner, accountId);
      const expired = await invite(owner, accountId);
      const revoked = await invite(owner, accountId);
      await t.services.db.updateTable('invitations').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', expired).execute();
      expect((await t.call('revokeInvitation', { accountId, invitationId: revoked }, owner)).status).toBe(200);
      const res = await t.call('listAccountInvitations', { accountId }, owner);
      expect(res.result.invitations.map((i) => i.id)).toEqual([live]);
    });

    it('a member of account A can never list or revoke account B\'s invitations (403 on the account, 404 on the id)', async () => {
      const a = await accountWithMembers(t);
      const b = await accountWithMembers(t);
      const ofB = await invite(b.owner, b.accountId);
      for (const outsider of [a.owner, a.admin, a.member]) {
        expect((await t.call('listAccountInvitations', { accountId: b.accountId }, outsider)).status).toBe(403);
        expect((await t.call('revokeInvitation', { accountId: b.accountId, invitationId: ofB }, outsider)).status).toBe(403);
      }
      // Through A's own account, B's invitation id is unknown.
      const probe = await t.call('revokeInvitation', { accountId: a.accountId, invitationId: ofB }, a.owner);
      expect(probe.status).toBe(404);
      expect(probe.error).toMatchObject({ status: 'NOT_FOUND', message: INVITATION_NOT_FOUND });
      expect(await statusOf(ofB)).toBe('pending');
    });
  });

  describe('revoking', () => {
    it('an admin revokes a pending invitation; its link is then refused with a sentence saying it was withdrawn', async () => {
      const { accountId, owner, admin } = await accountWithMembers(t);
      const email = freshEmail();
      const invitationId = await invite(owner, accountId, email);
      const res = await t.call('revokeInvitation', { accountId, invitationId }, admin);
      expect(res.status).toBe(200);
      expect(res.result).toEqual({ success: true, message: 'Invitation revoked.' });
      const row = await t.services.db.selectFrom('invitations').select(['status', 'revoked_at']).where('id', '=', invitationId).executeTakeFirstOrThrow();
      expect(row.status).toBe('revoked');
      expect(row.revoked_at).not.toBeNull();

      const invitee = await createUser(t, { email });
      const view = await t.call('getInvitation', { invitationId }, invitee);
      expect(view.result).toMatchObject({ status: 'revoked', acceptance: { allowed: false, reason: 'invalid', message: INVITATION_REVOKED } });
      const accept = await t.call('acceptInvitation', { invitationId }, invitee);
      expect(accept.status).toBe(400);
      expect(accept.error).toMatchObject({ status: 'FAILED_PRECONDITION', message: INVITATION_REVOKED });
      expect(await t.services.db.selectFrom('account_members').select('user_id').where('account_id', '=', accountId).where('user_id', '=', invitee.id).execute()).toEqual([]);
    });

    it('an expired invitation cannot be accepted, is told apart from a revoked one, and has nothing to revoke', async () => {
      const { accountId, owner } = await accountWithMembers(t);
      const email = freshEmail();
      const invitationId = await invite(owner, accountId, email);
      // Seven days and a moment later.
      await t.services.db.updateTable('invitations').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', invitationId).execute();
      const invitee = await createUser(t, { email });
      const accept = await t.call('acceptInvitation', { invitationId }, invitee);
      expect(accept.error).toMatchObject({ status: 'FAILED_PRECONDITION', message: INVITATION_EXPIRED });
      const revoke = await t.call('revokeInvitation', { accountId, invitationId }, owner);
      expect(revoke.status).toBe(400);
      expect(revoke.error?.message).toBe(INVITATION_NOT_PENDING);
    });

    it('an accepted invitation cannot be revoked, and a revoked one not twice', async () => {
      const { accountId, owner } = await accountWithMembers(t);
      const email = freshEmail();
      const accepted = await invite(owner, accountId, email);
      expect((await t.call('acceptInvitation', { invitationId: accepted }, await createUser(t, { email }))).status).toBe(200);
      expect((await t.call('revokeInvitation', { accountId, invitationId: accepted }, owner)).error?.message).toBe(INVITATION_NOT_PENDING);
      const once = await invite(owner, accountId);
      expect((await t.call('revokeInvitation', { accountId, invitationId: once }, owner)).status).toBe(200);
      expect((await t.call('revokeInvitation', { accountId, invitationId: once }, owner)).status).toBe(400);
    });

    it('removing a member revokes the invitations they sent, and only theirs', async () => {
      const { accountId, owner, admin } = await accountWithMembers(t);
      const byAdmin = [await invite(admin, accountId), await invite(admin, accountId)];
      const byOwner = await invite(owner, accountId);
      expect((await t.call('removeMember', { accountId, memberUid: admin.id }, owner)).status).toBe(200);
      expect(await Promise.all(byAdmin.map(statusOf))).toEqual(['revoked', 'revoked']);
      expect(await statusOf(byOwner)).toBe('pending');
      const event = await t.services.db.selectFrom('platform_events').select('payload').where('event_type', '=', 'user.invitation.revoked')
        .where('account_id', '=', accountId).executeTakeFirstOrThrow();
      expect(JSON.parse(String(event.payload))).toMatchObject({ cause: 'sender_removed' });
    });

    it('demoting an admin to member (who cannot invite) revokes what they sent; promoting does not', async () => {
      const { accountId, owner, admin, member } = await accountWithMembers(t);
      const sent = await invite(admin, accountId);
      expect((await t.call('updateMemberRole', { accountId, memberUid: member.id, newRole: 'super_admin' }, owner)).status).toBe(200);
      expect(await statusOf(sent)).toBe('pending');
      expect((await t.call('updateMemberRole', { accountId, memberUid: admin.id, newRole: 'member' }, owner)).status).toBe(200);
      expect(await statusOf(sent)).toBe('revoked');
    });
  });

  describe('limits', () => {
    it(`the ${MAX_PENDING_INVITATIONS_PER_ACCOUNT + 1}st pending invitation is refused with a sentence, and nothing is written`, async () => {
      const { accountId, owner } = await accountWithMembers(t);
      const now = Date.now();
      // Fifty pending invitations, as fifty earlier sends left them.
      await t.services.db.insertInto('invitations').values(Array.from({ length: MAX_PENDING_INVITATIONS_PER_ACCOUNT }, (_, i) => ({
        id: `cap-${dialect}-${randomBytes(6).toString('hex')}-${i}`, account_id: accountId, email: freshEmail(), role: 'member' as const, status: 'pending' as const,
        invited_by_user_id: owner.id, invited_by_email: owner.email, created_at: new Date(now - 3600_000).toISOString(),
        expires_at: new Date(now + 6 * 24 * 3600_000).toISOString(), accepted_at: null, accepted_by_user_id: null,
      }))).execute();
      const email = freshEmail();
      const before = await invitationCount(accountId);
      const res = await t.call('sendInvitation', { accountId, inviteeEmail: email }, owner);
      expect(res.status).toBe(429);
      expect(res.error).toMatchObject({ status: 'RESOURCE_EXHAUSTED', message: tooManyPendingInvitations(MAX_PENDING_INVITATIONS_PER_ACCOUNT) });
      expect(await invitationCount(accountId)).toBe(before);
      expect(await mailCount(email)).toBe(0);

      // Once one is revoked there is room again.
      const [oldest] = (await t.call('listAccountInvitations', { accountId }, owner)).result.invitations;
      expect((await t.call('revokeInvitation', { accountId, invitationId: oldest.id }, owner)).status).toBe(200);
      expect((await t.call('sendInvitation', { accountId, inviteeEmail: email }, owner)).status).toBe(200);
    });

    it(`the ${MAX_INVITATIONS_PER_ADDRESS_PER_DAY + 1}th invitation to one address in a day is refused, and nothing is written`, async () => {
      const { accountId, owner, admin } = await accountWithMembers(t);
      const other = await accountWithMembers(t);
      const email = freshEmail();
      for (let i = 0; i < MAX_INVITATIONS_PER_ADDRESS_PER_DAY; i += 1) await invite(i % 2 ? admin : owner, accountId, email);
      const before = await invitationCount(accountId);
      const res = await t.call('sendInvitation', { accountId, inviteeEmail: email.toUpperCase() }, owner);
      expect(res.status).toBe(429);
      expect(res.error).toMatchObject({ status: 'RESOURCE_EXHAUSTED', message: tooManyInvitationsToAddress(email, MAX_INVITATIONS_PER_ADDRESS_PER_DAY) });
      expect(await invitationCount(accountId)).toBe(before);
      expect(await mailCount(email)).toBe(MAX_INVITATIONS_PER_ADDRESS_PER_DAY);
      // The latest of the three is still the live one: the refusal revoked nothing.
      expect((await t.call('listAccountInvitations', { accountId }, owner)).result.invitations.filter((i) => i.email === email)).toHaveLength(1);
      // The cap is per account: another account may still invite the address.
      expect((await t.call('sendInvitation', { accountId: other.accountId, inviteeEmail: email }, other.owner)).status).toBe(200);
    });

    it('the address cap counts the last 24 hours: invitations from the day before no longer count', async () => {
      const { accountId, owner } = await accountWithMembers(t);
      const email = freshEmail();
      for (let i = 0; i < MAX_INVITATIONS_PER_ADDRESS_PER_DAY; i += 1) await invite(owner, accountId, email);
      await t.services.db.updateTable('invitations').set({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() })
        .where('account_id', '=', accountId).where('email', '=', email).execute();
      expect((await t.call('sendInvitation', { accountId, inviteeEmail: email }, owner)).status).toBe(200);
    });
  });
});
