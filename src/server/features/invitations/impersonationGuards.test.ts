import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { IMPERSONATION_CANNOT_TRANSFER, ONLY_OWNER_TRANSFERS } from '../../../common/accounts/ownership.ts';
import { IMPERSONATION_CANNOT_ACCEPT, IMPERSONATION_CANNOT_INVITE } from '../../../common/invitations/texts.ts';
import { accountWithMembers, type AccountWithMembers, createAccount, createUser } from '../../../../test/support/factories.ts';
import { signUpOperator } from '../../../../test/support/operators.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../../../../test/support/testApp.ts';

// Issue 21: while impersonating, an operator cannot invite anyone, accept an invitation, or change
// the account's owner; each is refused with a sentence and writes nothing.
describeEachDialect('impersonation guards on invitations and ownership (issue 21)', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  let cast: AccountWithMembers;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });
  beforeEach(async () => {
    operator = await signUpOperator(t);
    cast = await accountWithMembers(t);
    expect((await t.call('startAccountImpersonation', { accountId: cast.accountId, reason: 'Support call' }, operator)).status).toBe(200);
  });

  const freshEmail = () => `guard-${dialect}-${randomBytes(5).toString('hex')}@example.test`;
  const count = async (table: 'invitations' | 'account_members', accountId: string) => Number((await t.services.db.selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow()).n);

  it('an impersonating operator cannot invite into the account acted as: 403 with a sentence, no invitation, no mail', async () => {
    const email = freshEmail();
    const res = await t.call('sendInvitation', { accountId: cast.accountId, inviteeEmail: email }, operator);
    expect(res.status).toBe(403);
    expect(res.error).toMatchObject({ status: 'PERMISSION_DENIED', message: IMPERSONATION_CANNOT_INVITE });
    expect(await count('invitations', cast.accountId)).toBe(0);
    expect(await t.outbox(email)).toEqual([]);
    // The account's own admin still may.
    expect((await t.call('sendInvitation', { accountId: cast.accountId, inviteeEmail: email }, cast.admin)).status).toBe(200);
  });

  it('an impersonating operator cannot accept an invitation addressed to them: 403 with a sentence, no membership', async () => {
    const host = await createUser(t);
    const hostAccount = await createAccount(t, host);
    const sent = await t.call('sendInvitation', { accountId: hostAccount, inviteeEmail: operator.email, role: 'member' }, host);
    expect(sent.status).toBe(200);
    const res = await t.call('acceptInvitation', { invitationId: sent.result.invitationId }, operator);
    expect(res.status).toBe(403);
    expect(res.error).toMatchObject({ status: 'PERMISSION_DENIED', message: IMPERSONATION_CANNOT_ACCEPT });
    expect(await count('account_members', hostAccount)).toBe(1);
    // Once the impersonation stops, the same operator may accept it as themselves.
    expect((await t.call('stopImpersonation', {}, operator)).status).toBe(200);
    expect((await t.call('acceptInvitation', { invitationId: sent.result.invitationId }, operator)).status).toBe(200);
  });

  it('an impersonating operator cannot change the account\'s owner: 403 with a sentence, the owner unchanged', async () => {
    const res = await t.call('transferAccountOwnership', { accountId: cast.accountId, newOwnerUid: cast.admin.id }, operator);
    expect(res.status).toBe(403);
    expect(res.error).toMatchObject({ status: 'PERMISSION_DENIED', message: IMPERSONATION_CANNOT_TRANSFER });
    const account = await t.services.db.selectFrom('accounts').select('owner_id').where('id', '=', cast.accountId).executeTakeFirstOrThrow();
    expect(account.owner_id).toBe(cast.owner.id);
  });

  it('an impersonating operator may still see and revoke the account\'s pending invitations (audited)', async () => {
    const sent = await t.call('sendInvitation', { accountId: cast.accountId, inviteeEmail: freshEmail() }, cast.owner);
    const list = await t.call('listAccountInvitations', { accountId: cast.accountId }, operator);
    expect(list.result.invitations.map((i) => i.id)).toEqual([sent.result.invitationId]);
    expect((await t.call('revokeInvitation', { accountId: cast.accountId, invitationId: sent.result.invitationId }, operator)).status).toBe(200);
    const audit = await t.services.db.selectFrom('audit_log').selectAll().where('action', '=', 'invitation.revoked')
      .where('target_id', '=', sent.result.invitationId).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_user_id: operator.id, acting_as_account_id: cast.accountId });
  });

  it('the owner hands the account to a member, who becomes owner; the former owner stays as an admin; nobody else may', async () => {
    const { accountId, owner, admin, member } = cast;
    for (const who of [admin, member]) {
      const refused = await t.call('transferAccountOwnership', { accountId, newOwnerUid: member.id }, who);
      expect(refused.status).toBe(403);
    }
    expect((await t.call('transferAccountOwnership', { accountId, newOwnerUid: admin.id }, admin)).error?.message).toBe(ONLY_OWNER_TRANSFERS);
    const stranger = await createUser(t);
    expect((await t.call('transferAccountOwnership', { accountId, newOwnerUid: stranger.id }, owner)).status).toBe(400);

    const res = await t.call('transferAccountOwnership', { accountId, newOwnerUid: member.id }, owner);
    expect(res.status).toBe(200);
    const account = await t.services.db.selectFrom('accounts').select('owner_id').where('id', '=', accountId).executeTakeFirstOrThrow();
    expect(account.owner_id).toBe(member.id);
    const members = (await t.call('listAccountMembers', { accountId }, member)).result.members;
    expect(members.find((m) => m.userId === member.id)).toMatchObject({ role: 'account_owner', isOwner: true });
    expect(members.find((m) => m.userId === owner.id)).toMatchObject({ role: 'super_admin', isOwner: false });
  });
});
