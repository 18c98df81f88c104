import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountWithMembers } from '../../../../test/support/factories.ts';
import { describeEachDialect, nextClientIp, startTestApp, type TestApp, type TestUser, verificationLinkIn } from '../../../../test/support/testApp.ts';

const ORIGIN = 'http://localhost:3000';
const NOT_VERIFIED = 'Please verify your e-mail address to see and accept invitations. We sent you a link when you signed up.';

describeEachDialect('invitations need a verified address', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });

  let n = 0;
  const freshEmail = () => `verified-${dialect}-${++n}-${Date.now()}@example.test`;
  const invite = async (email: string, role: 'member' | 'super_admin' = 'super_admin') => {
    const { accountId, owner } = await accountWithMembers(t);
    const res = await t.call('sendInvitation', { accountId, inviteeEmail: email, role }, owner);
    if (res.status !== 200) throw new Error(JSON.stringify(res.error));
    return { accountId, invitationId: res.result.invitationId as string };
  };
  const authPost = (path: string, body: unknown, headers: Record<string, string> = {}) => t.app.inject({
    method: 'POST', url: `/api/auth${path}`, remoteAddress: nextClientIp(),
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...headers }, payload: JSON.stringify(body),
  });
  const signUpWith = async (body: Record<string, unknown>): Promise<TestUser> => {
    const res = await authPost('/sign-up/email', { name: 'Mallory Taker', password: 'correct horse battery', ...body });
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json();
    return { id: json.user.id, email: json.user.email, name: json.user.name, token: json.token };
  };
  const membersOf = (accountId: string, userId: string) => t.services.db.selectFrom('account_members')
    .select('role').where('account_id', '=', accountId).where('user_id', '=', userId).execute();
  const verificationLinks = async (email: string) =>
    (await t.outbox(email)).map((m) => verificationLinkIn(m.text_body)).filter((l): l is string => Boolean(l));

  it('someone who signs up with the invited address but has not proven it neither sees nor accepts the invitation', async () => {
    const email = freshEmail();
    const { accountId, invitationId } = await invite(email, 'super_admin');
    const taker = await t.signUp({ email });

    const list = await t.call('listMyInvitations', {}, taker);
    expect(list.status).toBe(200);
    expect(list.result).toEqual({ invitations: [], emailVerified: false });

    const accept = await t.call('acceptInvitation', { invitationId }, taker);
    expect(accept.status).toBe(400);
    expect(accept.error).toMatchObject({ status: 'FAILED_PRECONDITION', message: NOT_VERIFIED });
    expect(await membersOf(accountId, taker.id)).toEqual([]);
    expect((await t.call('getInvitation', { invitationId }, null)).result.status).toBe('pending');
  });

  it('sign-up mails a verification link; following it proves the address and the invitation can then be accepted', async () => {
    const email = freshEmail();
    const { accountId, invitationId } = await invite(email, 'member');
    const user = await t.signUp({ email });

    const mails = await t.outbox(email);
    const verification = mails.find((m) => verificationLinkIn(m.text_body));
    expect(verification?.subject).toBe('Verify your e-mail address');
    const link = new URL(verificationLinkIn(verification!.text_body)!);
    expect(link.origin).toBe(ORIGIN);

    const followed = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('/');
    const row = await t.services.db.selectFrom('users').select('email_verified').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(Boolean(row.email_verified)).toBe(true);

    const list = await t.call('listMyInvitations', {}, user);
    expect(list.result.emailVerified).toBe(true);
    expect(list.result.invitations.map((i: { id: string }) => i.id)).toEqual([invitationId]);
    expect((await t.call('acceptInvitation', { invitationId }, user)).status).toBe(200);
    expect(await membersOf(accountId, user.id)).toEqual([{ role: 'member' }]);
  });

  it('a sign-up from an invitation link returns to that invitation once verified (relative paths only)', async () => {
    const email = freshEmail();
    const { invitationId } = await invite(email, 'member');
    const back = `/accept-invitation/${invitationId}`;
    await signUpWith({ email, callbackURL: back });
    const [link] = await verificationLinks(email);
    const url = new URL(link);
    expect(url.searchParams.get('callbackURL')).toBe(back);
    const followed = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe(back);
    // The link proves the address but signs nobody in (login CSRF, issue 21): the invitation page asks to sign in.
    expect(String(followed.headers['set-cookie'] ?? '')).not.toContain('better-auth.session_token=');
  });

  it.each([
    'https://evil.example/accept', '//evil.example/accept', '/\\evil.example', 'javascript:alert(1)',
  ])('refuses %s as a place to return to after verification', async (target) => {
    const email = freshEmail();
    const res = await authPost('/sign-up/email', { name: 'Eve Redirect', email, password: 'correct horse battery', callbackURL: target });
    expect([400, 403]).toContain(res.statusCode);
    expect(await t.outbox(email)).toEqual([]);
    const user = await t.services.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    expect(user).toBeUndefined();

    // A verification link edited to point elsewhere does not redirect there.
    const honest = await t.signUp();
    const [link] = await verificationLinks(honest.email);
    const url = new URL(link);
    url.searchParams.set('callbackURL', target);
    const followed = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(followed.statusCode).not.toBe(302);
    expect(followed.headers.location).toBeUndefined();
  });

  it('sign-in keeps working for an unverified user', async () => {
    const user = await t.signUp({ password: 'correct horse battery' });
    const res = await authPost('/sign-in/email', { email: user.email, password: 'correct horse battery' });
    expect(res.statusCode).toBe(200);
    expect((await t.call('getProfile', {}, res.json().token)).status).toBe(200);
  });

  it('an unverified user can ask for the verification mail again, and the new link works', async () => {
    const email = freshEmail();
    const { invitationId } = await invite(email, 'member');
    const user = await t.signUp({ email });
    const resend = await authPost('/send-verification-email', { email, callbackURL: `/accept-invitation/${invitationId}` },
      { authorization: `Bearer ${user.token}` });
    expect(resend.statusCode).toBe(200);
    const links = await verificationLinks(email);
    expect(links).toHaveLength(2);
    const url = new URL(links[1]);
    const followed = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(followed.headers.location).toBe(`/accept-invitation/${invitationId}`);
    expect((await t.call('acceptInvitation', { invitationId }, user)).status).toBe(200);
  });
});
