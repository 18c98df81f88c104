import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_DISABLED, CANNOT_CHANGE_OWN_ROLE, CANNOT_DISABLE_SELF, EMAIL_TAKEN, INVALID_USERS_CURSOR, LAST_SUPER_ADMIN, NOTHING_TO_UPDATE,
  REASON_REQUIRED, USER_NOT_FOUND,
} from '../../../../common/admin/users/texts.ts';
import { accountWithMembers, type AccountWithMembers, createUser } from '../../../../../test/support/factories.ts';
import { auditEntries, signUpOperator } from '../../../../../test/support/operators.ts';
import { describeEachDialect, nextClientIp, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';

describeEachDialect('back office: users', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  let customers: AccountWithMembers;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    operator = await signUpOperator(t);
    customers = await accountWithMembers(t);
  });
  afterAll(async () => { await t.stop(); });

  const signIn = (email: string, password = 'correct horse battery') => t.app.inject({
    method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: nextClientIp(),
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' }, payload: { email, password },
  });
  const reasonOf = async (action: string, targetId: string) => (await t.services.db.selectFrom('audit_log').select('reason')
    .where('action', '=', action).where('target_id', '=', targetId).orderBy('created_at', 'desc').executeTakeFirstOrThrow()).reason;

  describe('getAllUsers', () => {
    it('pages every user by keyset with the cursor, without repeats or gaps, in each sort', async () => {
      const tag = `pg${Date.now().toString(36)}`;
      for (let i = 0; i < 7; i += 1) await createUser(t, { email: `${tag}-${i}@example.test`, name: `Zed ${tag} ${6 - i}` });
      for (const sortBy of ['createdAt', 'email', 'displayName'] as const) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          const seen: { email: string; displayName: string; createdAt: string }[] = [];
          let startAfter: string | null = null;
          do {
            const res: { status: number; result?: any } = await t.call('getAllUsers', { limit: 3, email: tag, sortBy, sortOrder, startAfter }, operator);
            expect(res.status).toBe(200);
            expect(res.result.users.length).toBeLessThanOrEqual(3);
            seen.push(...res.result.users);
            startAfter = res.result.nextCursor;
          } while (startAfter);
          expect(seen).toHaveLength(7);
          const key = { createdAt: 'createdAt', email: 'email', displayName: 'displayName' }[sortBy] as 'email';
          const keys = seen.map((u) => u[key]);
          const sorted = [...keys].sort();
          expect(keys).toEqual(sortOrder === 'asc' ? sorted : sorted.reverse());
          expect(new Set(seen.map((u) => u.email)).size).toBe(7);
        }
      }
    });

    // On SQLite a prefix shared by many users walks the sort's index instead of sorting the matches:
    // 16 of a few dozen users is "many" for pages of 2, so this pages through that plan.
    it('pages a common e-mail prefix in date and name order, with and without the role filter', async () => {
      const tag = `cp${Date.now().toString(36)}`;
      for (let i = 0; i < 16; i += 1) await createUser(t, { email: `${tag}-${i}@example.test`, name: `Common ${(i * 7) % 16}` });
      for (const sortBy of ['createdAt', 'displayName'] as const) {
        for (const sortOrder of ['asc', 'desc'] as const) {
          for (const globalRole of [undefined, 'user'] as const) {
            const seen: { email: string; displayName: string; createdAt: string }[] = [];
            let startAfter: string | null = null;
            do {
              const res: { status: number; result?: any } = await t.call('getAllUsers', { limit: 2, email: tag, sortBy, sortOrder, startAfter, globalRole }, operator);
              expect(res.status).toBe(200);
              seen.push(...res.result.users);
              startAfter = res.result.nextCursor;
            } while (startAfter);
            expect(new Set(seen.map((u) => u.email)).size).toBe(16);
            const keys = seen.map((u) => (sortBy === 'createdAt' ? u.createdAt : u.displayName));
            const sorted = [...keys].sort();
            expect(keys).toEqual(sortOrder === 'asc' ? sorted : sorted.reverse());
          }
        }
      }
    });

    it('filters by e-mail prefix whatever the case, and by global role', async () => {
      const tag = `pf${Date.now().toString(36)}`;
      const admin = await createUser(t, { email: `${tag}-admin@example.test` });
      await createUser(t, { email: `${tag}-plain@example.test` });
      await t.call('updateUserGlobalRole', { targetUserId: admin.id, newGlobalRole: 'super_admin' }, operator);
      const byPrefix = await t.call('getAllUsers', { email: `  ${tag.toUpperCase()}-` }, operator);
      expect(byPrefix.result.users.map((u: { email: string }) => u.email).sort()).toEqual([`${tag}-admin@example.test`, `${tag}-plain@example.test`]);
      // A prefix, not a substring: the middle of an address does not match.
      expect((await t.call('getAllUsers', { email: 'admin@example' }, operator)).result.users).toEqual([]);
      const admins = await t.call('getAllUsers', { email: tag, globalRole: 'super_admin' }, operator);
      expect(admins.result.users).toHaveLength(1);
      expect(admins.result.users[0]).toMatchObject({ id: admin.id, globalRole: 'super_admin', disabled: false, accountCount: 0 });
    });

    it('counts memberships and defaults to 25 newest first', async () => {
      const res = await t.call('getAllUsers', {}, operator);
      expect(res.status).toBe(200);
      expect(res.result.users.length).toBeLessThanOrEqual(25);
      const owner = (await t.call('getAllUsers', { email: customers.owner.email }, operator)).result.users[0];
      expect(owner).toMatchObject({ id: customers.owner.id, accountCount: 1, emailVerified: true });
      const dates = res.result.users.map((u: { createdAt: string }) => u.createdAt);
      expect(dates).toEqual([...dates].sort().reverse());
    });

    it('refuses bad limits, sorts, roles and cursors with a sentence', async () => {
      const cases: [unknown, string][] = [
        [{ limit: 0 }, 'Limit must be at least 1.'],
        [{ limit: 101 }, 'Limit must be at most 100.'],
        [{ limit: 2.5 }, 'Limit must be a whole number.'],
        [{ sortBy: 'password' }, 'Sort must be createdAt, email or displayName.'],
        [{ sortOrder: 'up' }, 'Sort order must be asc or desc.'],
        [{ globalRole: 'root' }, 'Global role must be user or super_admin.'],
        [{ startAfter: 'not-a-cursor' }, INVALID_USERS_CURSOR],
        [{ extra: 1 }, 'Unrecognized key: "extra"'],
      ];
      for (const [input, message] of cases) {
        const res = await t.callRaw('getAllUsers', input, operator);
        expect(res.status, JSON.stringify(input)).toBe(400);
        expect(res.error!.message).toContain(message);
      }
      // A cursor of one sort is not read as another's.
      const page = await t.call('getAllUsers', { limit: 1, sortBy: 'email' }, operator);
      const mixed = await t.call('getAllUsers', { limit: 1, sortBy: 'createdAt', startAfter: page.result.nextCursor }, operator);
      expect(mixed.status).toBe(400);
      expect(mixed.error!.message).toBe(INVALID_USERS_CURSOR);
    });
  });

  describe('getUserDetails', () => {
    it('shows memberships, sign-in facts and refuses an unknown user', async () => {
      const res = await t.call('getUserDetails', { userId: customers.owner.id }, operator);
      expect(res.status).toBe(200);
      const user = res.result.user;
      expect(user).toMatchObject({ id: customers.owner.id, email: customers.owner.email, globalRole: 'user', recentOrders: [] });
      expect(user.memberships).toEqual([expect.objectContaining({ accountId: customers.accountId, role: 'account_owner' })]);
      expect(user.auth).toMatchObject({ emailVerified: true, disabled: false, providers: ['credential'] });
      expect(user.auth.lastSignInAt).toEqual(expect.any(String));
      const missing = await t.call('getUserDetails', { userId: 'no-such-user' }, operator);
      expect([missing.status, missing.error!.message]).toEqual([404, USER_NOT_FOUND]);
      const blank = await t.call('getUserDetails', { userId: ' ' }, operator);
      expect([blank.status, blank.error!.message]).toEqual([400, 'User ID is required.']);
    });

    it('lists the newest domain orders across the user\'s accounts', async () => {
      const now = Date.now();
      for (let i = 0; i < 12; i += 1) {
        await t.services.db.insertInto('domain_orders').values({
          id: `order-${dialect}-${i}`, kind: 'registration', account_id: customers.accountId, user_id: customers.owner.id,
          domain: `shop${i}.com`, tld: 'com', years: 1, price_cents: 1000, total_cents: 1000,
          created_at: new Date(now - (12 - i) * 60_000).toISOString(), updated_at: new Date(now).toISOString(),
        } as never).execute();
      }
      const { user } = (await t.call('getUserDetails', { userId: customers.member.id }, operator)).result;
      expect(user.recentOrders.map((o: { domain: string }) => o.domain)).toEqual(
        [11, 10, 9, 8, 7, 6, 5, 4, 3, 2].map((i) => `shop${i}.com`));
      expect(user.recentOrders[0]).toMatchObject({ accountId: customers.accountId, totalCents: 1000, currency: 'USD' });
    });
  });

  describe('updateUserDetails', () => {
    it('changes name, e-mail and phone with the reason, audited before and after', async () => {
      const user = await createUser(t);
      const res = await t.call('updateUserDetails', {
        userId: user.id, updates: { displayName: ' New Name ', email: ' New.Address@Example.TEST ', phoneNumber: '+1 555 0100' }, reason: 'Ticket 42',
      }, operator);
      expect(res.status).toBe(200);
      expect(res.result.user).toMatchObject({ displayName: 'New Name', email: 'new.address@example.test', phoneNumber: '+1 555 0100' });
      const [entry] = await auditEntries(t, 'user.details_updated', user.id);
      expect(entry).toMatchObject({ actorUserId: operator.id, targetType: 'user' });
      expect(entry.before).toMatchObject({ displayName: user.name, email: user.email, phoneNumber: null });
      expect(entry.after).toMatchObject({ displayName: 'New Name', email: 'new.address@example.test' });
      expect(await reasonOf('user.details_updated', user.id)).toBe('Ticket 42');
      // The user signs in with the new address.
      expect((await signIn('new.address@example.test')).statusCode).toBe(200);
      const cleared = await t.call('updateUserDetails', { userId: user.id, updates: { phoneNumber: '' }, reason: 'Asked' }, operator);
      expect(cleared.result.user.phoneNumber).toBeNull();
    });

    it('refuses a taken e-mail and each invalid field, writing nothing', async () => {
      const user = await createUser(t);
      const taken = await t.call('updateUserDetails', { userId: user.id, updates: { email: customers.owner.email.toUpperCase() }, reason: 'x' }, operator);
      expect([taken.status, taken.error!.message]).toEqual([409, EMAIL_TAKEN]);
      const cases: [unknown, string][] = [
        [{ userId: user.id, updates: {}, reason: 'x' }, NOTHING_TO_UPDATE],
        [{ userId: user.id, updates: { displayName: '  ' }, reason: 'x' }, 'Display name is required.'],
        [{ userId: user.id, updates: { displayName: 'a'.repeat(101) }, reason: 'x' }, 'Display name must be at most 100 characters.'],
        [{ userId: user.id, updates: { email: 'nope' }, reason: 'x' }, 'Please enter a valid e-mail address.'],
        [{ userId: user.id, updates: { phoneNumber: 'call me' }, reason: 'x' }, 'Please enter a valid phone number (digits, spaces, + - ( ) only).'],
        [{ userId: user.id, updates: { displayName: 'Ok' }, reason: '  ' }, REASON_REQUIRED],
        [{ userId: user.id, updates: { displayName: 'Ok' } }, REASON_REQUIRED],
        [{ userId: user.id, updates: { displayName: 'Ok' }, reason: 'r'.repeat(501) }, 'The reason must be at most 500 characters.'],
        [{ userId: user.id, updates: { globalRole: 'super_admin' }, reason: 'x' }, 'Unrecognized key: "globalRole"'],
      ];
      for (const [input, message] of cases) {
        const res = await t.callRaw('updateUserDetails', input, operator);
        expect(res.status, JSON.stringify(input)).toBe(400);
        expect(res.error!.message).toContain(message);
      }
      const missing = await t.call('updateUserDetails', { userId: 'nobody', updates: { displayName: 'Ok' }, reason: 'x' }, operator);
      expect([missing.status, missing.error!.message]).toEqual([404, USER_NOT_FOUND]);
      expect(await auditEntries(t, 'user.details_updated', user.id)).toEqual([]);
    });
  });

  describe('updateUserGlobalRole', () => {
    it('promotes and demotes another user, audited', async () => {
      const user = await createUser(t);
      const up = await t.call('updateUserGlobalRole', { targetUserId: user.id, newGlobalRole: 'super_admin' }, operator);
      expect(up.result).toEqual({ userId: user.id, globalRole: 'super_admin' });
      expect((await t.call('getAllUsers', { limit: 1 }, user)).status).toBe(200);
      const down = await t.call('updateUserGlobalRole', { targetUserId: user.id, newGlobalRole: 'user' }, operator);
      expect(down.status).toBe(200);
      expect((await t.call('getAllUsers', { limit: 1 }, user)).status).toBe(403);
      const entries = await auditEntries(t, 'user.global_role_changed', user.id);
      expect(entries.map((e) => [e.before, e.after])).toEqual([
        [{ globalRole: 'user' }, { globalRole: 'super_admin' }], [{ globalRole: 'super_admin' }, { globalRole: 'user' }]]);
    });

    it('never changes the caller\'s own role, and never removes the last super admin', async () => {
      const own = await t.call('updateUserGlobalRole', { targetUserId: operator.id, newGlobalRole: 'user' }, operator);
      expect([own.status, own.error!.message]).toEqual([400, CANNOT_CHANGE_OWN_ROLE]);
      // With the caller a super admin and the target another, two exist: only two operators
      // demoting each other at once can reach the last one, and one of them must be refused.
      const second = await signUpOperator(t);
      await t.services.db.updateTable('users').set({ role: 'user' }).where('role', '=', 'super_admin')
        .where('id', 'not in', [operator.id, second.id]).execute();
      const answers = await Promise.all([
        t.call('updateUserGlobalRole', { targetUserId: second.id, newGlobalRole: 'user' }, operator),
        t.call('updateUserGlobalRole', { targetUserId: operator.id, newGlobalRole: 'user' }, second),
      ]);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      const refused = answers.find((a) => a.status !== 200)!;
      // Refused as the last super admin, or because its caller had just lost the role.
      expect([[400, LAST_SUPER_ADMIN], [403, 'You do not have permission to do this.']]).toContainEqual([refused.status, refused.error!.message]);
      const left = await t.services.db.selectFrom('users').select('id').where('role', '=', 'super_admin').execute();
      expect(left).toHaveLength(1);
      await t.services.db.updateTable('users').set({ role: 'super_admin' }).where('id', 'in', [operator.id, second.id]).execute();
    });

    it('refuses an invalid role and an unknown user', async () => {
      const bad = await t.callRaw('updateUserGlobalRole', { targetUserId: customers.member.id, newGlobalRole: 'owner' }, operator);
      expect([bad.status, bad.error!.message]).toEqual([400, 'Global role must be user or super_admin.']);
      const missing = await t.call('updateUserGlobalRole', { targetUserId: 'nobody', newGlobalRole: 'user' }, operator);
      expect([missing.status, missing.error!.message]).toEqual([404, USER_NOT_FOUND]);
    });
  });

  describe('sendUserPasswordReset', () => {
    it('sends the public reset e-mail, whose link sets a new password, audited', async () => {
      const user = await createUser(t);
      const res = await t.call('sendUserPasswordReset', { userId: user.id }, operator);
      expect([res.status, res.result]).toEqual([200, { email: user.email }]);
      const mail = (await t.outbox(user.email)).find((m) => m.subject === 'Reset your password');
      expect(mail).toBeDefined();
      const token = mail!.text_body.match(/reset-password\?token=([\w-]+)/)![1];
      const reset = await t.app.inject({
        method: 'POST', url: '/api/auth/reset-password', remoteAddress: nextClientIp(),
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' }, payload: { token, newPassword: 'a brand new passphrase' },
      });
      expect(reset.statusCode).toBe(200);
      expect((await signIn(user.email, 'a brand new passphrase')).statusCode).toBe(200);
      expect(await auditEntries(t, 'user.password_reset_sent', user.id)).toEqual([expect.objectContaining({ actorUserId: operator.id })]);
      const missing = await t.call('sendUserPasswordReset', { userId: 'nobody' }, operator);
      expect([missing.status, missing.error!.message]).toEqual([404, USER_NOT_FOUND]);
    });
  });

  describe('setUserDisabled', () => {
    it('ends every session at once, refuses sign-in with a clear text, and enabling lets the user back in', async () => {
      const user = await createUser(t);
      const second = await signIn(user.email);
      const secondToken = second.json().token as string;
      expect((await t.call('getProfile', {}, user)).status).toBe(200);

      const res = await t.call('setUserDisabled', { userId: user.id, disabled: true, reason: 'Chargeback fraud' }, operator);
      expect(res.result).toEqual({ userId: user.id, disabled: true, sessionsEnded: 2 });
      expect((await t.call('getProfile', {}, user)).status).toBe(401);
      expect((await t.call('getProfile', {}, secondToken)).status).toBe(401);
      const refused = await signIn(user.email);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(ACCOUNT_DISABLED);
      const details = (await t.call('getUserDetails', { userId: user.id }, operator)).result.user;
      expect(details.auth).toMatchObject({ disabled: true, lastSignInAt: null });
      expect((await t.call('getAllUsers', { email: user.email }, operator)).result.users[0].disabled).toBe(true);

      expect((await t.call('setUserDisabled', { userId: user.id, disabled: false, reason: 'Resolved' }, operator)).status).toBe(200);
      const back = await signIn(user.email);
      expect(back.statusCode).toBe(200);
      expect((await t.call('getProfile', {}, back.json().token)).status).toBe(200);

      const entries = await auditEntries(t, 'user.disabled', user.id);
      expect(entries).toEqual([expect.objectContaining({ actorUserId: operator.id, before: { disabled: false }, after: { disabled: true, sessionsEnded: 2 } })]);
      expect(await reasonOf('user.disabled', user.id)).toBe('Chargeback fraud');
      expect(await reasonOf('user.enabled', user.id)).toBe('Resolved');
    });

    it('refuses disabling oneself, a missing reason and an unknown user', async () => {
      const self = await t.call('setUserDisabled', { userId: operator.id, disabled: true, reason: 'x' }, operator);
      expect([self.status, self.error!.message]).toEqual([400, CANNOT_DISABLE_SELF]);
      expect((await t.call('getProfile', {}, operator)).status).toBe(200);
      const noReason = await t.call('setUserDisabled', { userId: customers.member.id, disabled: true, reason: '' }, operator);
      expect([noReason.status, noReason.error!.message]).toEqual([400, REASON_REQUIRED]);
      const notBool = await t.callRaw('setUserDisabled', { userId: customers.member.id, disabled: 'yes', reason: 'x' }, operator);
      expect([notBool.status, notBool.error!.message]).toEqual([400, 'Disabled must be true or false.']);
      const missing = await t.call('setUserDisabled', { userId: 'nobody', disabled: true, reason: 'x' }, operator);
      expect([missing.status, missing.error!.message]).toEqual([404, USER_NOT_FOUND]);
      expect((await t.call('getProfile', {}, customers.member)).status).toBe(200);
    });
  });
});
