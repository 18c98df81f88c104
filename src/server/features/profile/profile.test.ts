import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountWithMembers, createUser, makeGlobalSuperAdmin } from '../../../../test/support/factories.ts';
import { describeEachDialect, type FunctionCall, startTestApp, type TestApp } from '../../../../test/support/testApp.ts';

describeEachDialect('profile', (dialect) => {
  let t: TestApp;
  beforeAll(async () => { t = await startTestApp(dialect); });
  afterAll(async () => { await t.stop(); });

  it('a new user sees their e-mail and name, no phone and no accounts', async () => {
    const user = await createUser(t, { name: 'Ada Lovelace' });
    const res = await t.call('getProfile', {}, user);
    expect(res.status).toBe(200);
    expect(res.result).toEqual({ email: user.email, displayName: 'Ada Lovelace', phoneNumber: null, hasAccounts: false, totpEnabled: false });
  });

  it('hasAccounts turns true once the user belongs to an account', async () => {
    const { owner, member } = await accountWithMembers(t);
    expect((await t.call('getProfile', {}, owner)).result.hasAccounts).toBe(true);
    expect((await t.call('getProfile', {}, member)).result.hasAccounts).toBe(true);
  });

  it('updates the display name (trimmed) and phone number, and the session shows the new name', async () => {
    const user = await createUser(t);
    const res = await t.call('updateProfile', { displayName: '  Grace Hopper ', phoneNumber: ' +1 (555) 123-4567 ' }, user);
    expect(res.status).toBe(200);
    expect(res.result).toMatchObject({ displayName: 'Grace Hopper', phoneNumber: '+1 (555) 123-4567', email: user.email });
    expect((await t.call('getProfile', {}, user)).result).toMatchObject({ displayName: 'Grace Hopper', phoneNumber: '+1 (555) 123-4567' });
    expect((await t.call('getSessionState', {}, user)).result.user).toMatchObject({ name: 'Grace Hopper', phoneNumber: '+1 (555) 123-4567' });
  });

  it('an empty phone number clears it; null clears it; an omitted one is kept', async () => {
    const user = await createUser(t);
    await t.call('updateProfile', { displayName: 'A', phoneNumber: '555-0100' }, user);
    expect((await t.call('updateProfile', { displayName: 'B' }, user)).result.phoneNumber).toBe('555-0100');
    expect((await t.call('updateProfile', { displayName: 'C', phoneNumber: '   ' }, user)).result.phoneNumber).toBeNull();
    await t.call('updateProfile', { displayName: 'D', phoneNumber: '555-0100' }, user);
    expect((await t.call('updateProfile', { displayName: 'E', phoneNumber: null }, user)).result.phoneNumber).toBeNull();
  });

  it.each([
    [{ phoneNumber: '555' }, 'Display name is required.'],
    [{ displayName: '   ' }, 'Display name is required.'],
    [{ displayName: 42 }, 'Display name is required.'],
    [{ displayName: 'x'.repeat(101) }, 'Display name must be at most 100 characters.'],
    [{ displayName: 'A', phoneNumber: '1'.repeat(33) }, 'Phone number must be at most 32 characters.'],
    [{ displayName: 'A', phoneNumber: 'call me' }, 'Please enter a valid phone number (digits, spaces, + - ( ) only).'],
    [{ displayName: 'A', phoneNumber: '12' }, 'Please enter a valid phone number (digits, spaces, + - ( ) only).'],
  ])('rejects %j with the message a person can act on', async (input, message) => {
    const user = await createUser(t, { name: 'Unchanged' });
    const res = await t.callRaw('updateProfile', input, user);
    expect(res.status).toBe(400);
    expect(res.error).toMatchObject({ status: 'INVALID_ARGUMENT', message });
    expect((await t.call('getProfile', {}, user)).result.displayName).toBe('Unchanged');
  });

  it('rejects unknown fields, so nobody can set their e-mail or role through it', async () => {
    const user = await createUser(t);
    const res = await t.callRaw('updateProfile', { displayName: 'A', email: 'evil@example.test' }, user);
    expect(res.status).toBe(400);
    expect(res.error?.status).toBe('INVALID_ARGUMENT');
    const res2 = await t.callRaw('updateProfile', { displayName: 'A', role: 'super_admin' }, user);
    expect(res2.status).toBe(400);
    expect((await t.call('getSessionState', {}, user)).result).toMatchObject({ globalRole: 'user', user: { email: user.email } });
  });

  it('a maximum-length name and phone are accepted', async () => {
    const user = await createUser(t);
    const res = await t.call('updateProfile', { displayName: 'n'.repeat(100), phoneNumber: `+${'1'.repeat(31)}` }, user);
    expect(res.status).toBe(200);
    expect(res.result.displayName).toHaveLength(100);
  });

  it('permission matrix: signed out gets 401; every signed-in caller reads and writes only their own profile', async () => {
    const { owner, admin, member } = await accountWithMembers(t);
    const { owner: outsider } = await accountWithMembers(t);
    const globalAdmin = await createUser(t);
    await makeGlobalSuperAdmin(t, globalAdmin);

    for (const [fn, input] of [['getProfile', {}], ['updateProfile', { displayName: 'Nobody' }]] satisfies FunctionCall[]) {
      const res = await t.call(fn, input, null);
      expect(res.status, fn).toBe(401);
      expect(res.error?.status).toBe('UNAUTHENTICATED');
    }

    for (const user of [member, admin, owner, outsider, globalAdmin]) {
      const read = await t.call('getProfile', {}, user);
      expect(read.status).toBe(200);
      expect(read.result.email).toBe(user.email);
      const write = await t.call('updateProfile', { displayName: `Renamed ${user.id}` }, user);
      expect(write.status).toBe(200);
      expect(write.result).toMatchObject({ email: user.email, displayName: `Renamed ${user.id}` });
    }
    // Each write touched only its own caller.
    const names = await t.services.db.selectFrom('users').select(['id', 'name'])
      .where('id', 'in', [owner.id, admin.id, member.id, outsider.id, globalAdmin.id]).execute();
    for (const row of names) expect(row.name).toBe(`Renamed ${row.id}`);
  });
});
