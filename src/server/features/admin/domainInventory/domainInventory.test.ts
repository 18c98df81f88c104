import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_CHANGED_MEANWHILE, DOMAIN_BUSY, domainAlreadyInInventory, INVALID_INVENTORY_CURSOR, INVENTORY_ACCOUNT_NOT_FOUND, INVENTORY_DOMAIN_NOT_FOUND,
  INVENTORY_SUPPLIER_NOT_FOUND, SAME_ACCOUNT, SEARCH_NOT_A_NAME,
} from '../../../../common/admin/domainInventory/texts.ts';
import { seedSandboxSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { addMember, createAccount, createUser } from '../../../../../test/support/factories.ts';
import { auditEntries, signUpOperator } from '../../../../../test/support/operators.ts';
import { freshInventoryDomain } from '../../../../../test/support/samples/admin/domainInventory.ts';
import { describeEachDialect, nextClientIp, startTestApp, type TestApp, type TestUser } from '../../../../../test/support/testApp.ts';

const LEAK = /stack|driver|syntax error|invalid byte sequence|SQLITE|postgres|kysely|FST_|zod/i;

describeEachDialect('back-office domain inventory: add, delete, change account', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  let ownerA: TestUser;
  let memberA: TestUser;
  let ownerB: TestUser;
  let memberB: TestUser;
  let accountA: string;
  let accountB: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    await seedSandboxSupplier(t.services.db);
    operator = await signUpOperator(t);
    [ownerA, memberA, ownerB, memberB] = await Promise.all([createUser(t), createUser(t), createUser(t), createUser(t)]);
    accountA = await createAccount(t, ownerA, 'Alpha Hosting');
    accountB = await createAccount(t, ownerB, 'Beta Hosting');
    await addMember(t, accountA, memberA, 'member');
    await addMember(t, accountB, memberB, 'member');
  });
  afterAll(async () => { await t.stop(); });

  const fail = (res: { status: number; error?: { status: string; message: string } }, status: number, code: string, message: string) => {
    expect(res.status).toBe(status);
    expect(res.error).toMatchObject({ status: code, message });
    expect(JSON.stringify(res.error)).not.toMatch(LEAK);
  };
  const row = (name: string) => t.services.db.selectFrom('domains').selectAll().where('name', '=', name).executeTakeFirst();
  const domainCount = async () => Number((await t.services.db.selectFrom('domains').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const auditCount = async () => Number((await t.services.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  /** What a customer sees on /domains. */
  const customerSees = async (user: TestUser, accountId: string) => {
    const res = await t.call('listDomains', { accountId, limit: 100 } as never, user);
    expect(res.status).toBe(200);
    return res.result.domains.map((d) => d.domain);
  };
  const statusCount = async (accountId: string) => {
    const rows = await t.services.db.selectFrom('domain_status_counts').select(['status', 'domain_count']).where('account_id', '=', accountId).execute();
    return Object.fromEntries(rows.filter((r) => Number(r.domain_count) > 0).map((r) => [r.status, Number(r.domain_count)]));
  };
  const listed = async (filters: Record<string, unknown>) => {
    const res = await t.call('listManagedDomains', filters as never, operator);
    expect(res.status).toBe(200);
    return res.result.domains;
  };
  const add = (input: Record<string, unknown>) => t.callRaw<{ success: true; message: string }>('createManagedDomain', input, operator);
  const uniqueName = (stem: string) => `${stem}-${randomUUID().slice(0, 8)}.com`;

  describe('createManagedDomain', () => {
    it('adds an unassigned domain kept by hand: name normalised, registrar manual, listed, audited', async () => {
      const name = uniqueName('unassigned');
      const res = await add({ domain: `  ${name.toUpperCase()} `, accountId: null, registrar: 'manual', managementMode: 'manual', expiryAt: null,
        autoRenewEnabled: false, nameservers: [], notes: '' });
      expect(res.status).toBe(200);
      expect(res.result).toEqual({ success: true, message: `${name} was added to the inventory.` });
      const [shown] = await listed({ search: name, account: 'unassigned' });
      expect(shown).toEqual({
        domain: name, accountId: null, accountName: null, registrar: 'manual', registrarName: 'Manual', managementMode: 'manual',
        status: 'active', expiryAt: null, autoRenewEnabled: false, lastVerifiedAt: null,
      });
      const stored = await row(name);
      const [entry] = await auditEntries(t, 'domain.created', stored!.id);
      expect(entry).toMatchObject({ actorUserId: operator.id, targetType: 'domain', after: { domain: name, accountId: null, registrar: 'manual' } });
    });

    it('adds a domain to an account at a supplier: the account\'s members see it on /domains, nameservers and expiry kept', async () => {
      const name = uniqueName('alpha');
      const res = await add({ domain: name, accountId: accountA, registrar: 'sandbox', managementMode: 'api', expiryAt: '2027-03-01',
        autoRenewEnabled: true, nameservers: ['NS1.Example.com', 'ns2.example.com.'], notes: ' Moved from the old panel ' });
      expect(res.status).toBe(200);
      const [shown] = await listed({ search: name });
      expect(shown).toMatchObject({ accountId: accountA, accountName: 'Alpha Hosting', registrar: 'sandbox', registrarName: 'Sandbox', managementMode: 'api', autoRenewEnabled: true });
      expect(Date.parse(shown.expiryAt!)).toBe(Date.parse('2027-03-01T00:00:00Z'));
      const stored = await row(name);
      expect(JSON.parse(stored!.nameservers)).toEqual(['ns1.example.com', 'ns2.example.com']);
      expect(stored!.notes).toBe('Moved from the old panel');
      expect(await customerSees(memberA, accountA)).toContain(name);
      expect(await customerSees(memberB, accountB)).not.toContain(name);
    });

    it('the manual registrar forces the manual mode', async () => {
      const name = uniqueName('forced');
      expect((await add({ domain: name, registrar: 'manual', managementMode: 'api' })).status).toBe(200);
      expect((await row(name))!.management_mode).toBe('manual');
    });

    it('refuses a bad name, an unknown account or supplier, a bad date, and a name held anywhere; nothing written', async () => {
      const held = uniqueName('held');
      expect((await add({ domain: held, accountId: accountB })).status).toBe(200);
      const before = [await domainCount(), await auditCount()];
      fail(await add({ domain: 'not a domain' }), 400, 'INVALID_ARGUMENT', 'This is not a valid domain name.');
      fail(await add({ domain: 'bad_name.com' }), 400, 'INVALID_ARGUMENT', 'This is not a valid domain name.');
      fail(await add({ domain: uniqueName('x'), accountId: 'no-such-account' }), 404, 'NOT_FOUND', INVENTORY_ACCOUNT_NOT_FOUND);
      fail(await add({ domain: uniqueName('x'), registrar: 'no-such-registrar' }), 404, 'NOT_FOUND', INVENTORY_SUPPLIER_NOT_FOUND);
      fail(await add({ domain: uniqueName('x'), expiryAt: '2026-02-30' }), 400, 'INVALID_ARGUMENT', 'Expiry date is not a real date.');
      fail(await add({ domain: uniqueName('x'), nameservers: ['ns1.example.com', 'ns1.example.com'] }), 400, 'INVALID_ARGUMENT', 'Each nameserver may be listed once.');
      // Held by another account, asked in another case: still the same name.
      fail(await add({ domain: held.toUpperCase(), accountId: accountA }), 409, 'ALREADY_EXISTS', domainAlreadyInInventory(held));
      expect([await domainCount(), await auditCount()]).toEqual(before);
      expect((await row(held))!.account_id).toBe(accountB);
    });
  });

  describe('deleteDomain', () => {
    const order = async (domain: string, fields: Record<string, unknown>) => {
      const id = randomUUID();
      const now = new Date().toISOString();
      await t.services.db.insertInto('domain_orders').values({
        id, kind: 'registration', account_id: accountA, user_id: ownerA.id, domain, tld: 'com', years: 1, price_cents: 1200, total_cents: 1200,
        created_at: now, updated_at: now, ...fields,
      } as never).execute();
      return id;
    };

    it('deletes the record, audited; its customers no longer see it', async () => {
      const name = await freshInventoryDomain(t, accountA);
      expect(await customerSees(memberA, accountA)).toContain(name);
      const id = (await row(name))!.id;
      const res = await t.call('deleteDomain', { domain: name }, operator);
      expect(res.status).toBe(200);
      expect(await row(name)).toBeUndefined();
      expect(await customerSees(memberA, accountA)).not.toContain(name);
      const [entry] = await auditEntries(t, 'domain.deleted', id);
      expect(entry.before).toMatchObject({ domain: name, accountId: accountA });
      fail(await t.callRaw('deleteDomain', { domain: name }, operator), 404, 'NOT_FOUND', INVENTORY_DOMAIN_NOT_FOUND);
    });

    it('refuses while a paid order is unfinished or a registrar call is in flight; allows once the order is done', async () => {
      const name = await freshInventoryDomain(t, accountA);
      const orderId = await order(name, { status: 'processing', payment_status: 'paid' });
      const before = await auditCount();
      fail(await t.callRaw('deleteDomain', { domain: name }, operator), 409, 'ABORTED', DOMAIN_BUSY);
      await t.services.db.updateTable('domain_orders').set({ status: 'requires_manual_processing' }).where('id', '=', orderId).execute();
      fail(await t.callRaw('deleteDomain', { domain: name }, operator), 409, 'ABORTED', DOMAIN_BUSY);
      // The order is marked failed, but its last call to the registrar has no recorded outcome yet.
      await t.services.db.updateTable('domain_orders').set({ status: 'completed' }).where('id', '=', orderId).execute();
      await t.services.db.insertInto('domain_order_attempts').values({
        id: randomUUID(), order_id: orderId, supplier_id: 'sandbox', operation: 'register', outcome: 'started', idempotency_key: randomUUID(),
        started_at: new Date().toISOString(),
      } as never).execute();
      fail(await t.callRaw('deleteDomain', { domain: name }, operator), 409, 'ABORTED', DOMAIN_BUSY);
      expect(await row(name)).toBeDefined();
      expect(await auditCount()).toBe(before);
      await t.services.db.updateTable('domain_order_attempts').set({ outcome: 'succeeded' }).where('order_id', '=', orderId).execute();
      expect((await t.call('deleteDomain', { domain: name }, operator)).status).toBe(200);
      // An unpaid order never blocks: nobody paid for that name yet.
      const other = await freshInventoryDomain(t, accountA);
      await order(other, { status: 'pending_payment', payment_status: 'pending' });
      expect((await t.call('deleteDomain', { domain: other }, operator)).status).toBe(200);
    });
  });

  describe('updateManagedDomain', () => {
    it('maps an unassigned domain (updates shape), then moves it (old/new shape): the members of each account see it, or no longer do', async () => {
      const name = await freshInventoryDomain(t);
      const id = (await row(name))!.id;
      const countsA = await statusCount(accountA);
      const mapped = await t.call('updateManagedDomain', { domain: name, updates: { accountId: accountA } }, operator);
      expect(mapped.status).toBe(200);
      expect(mapped.result).toEqual({ success: true, domain: name, accountId: accountA, accountName: 'Alpha Hosting' });
      expect(await customerSees(memberA, accountA)).toContain(name);
      expect(await statusCount(accountA)).toEqual({ ...countsA, active: (countsA.active ?? 0) + 1 });

      const countsB = await statusCount(accountB);
      const moved = await t.call('updateManagedDomain', { domain: name, oldAccountId: accountA, newAccountId: accountB }, operator);
      expect(moved.status).toBe(200);
      expect(await customerSees(memberA, accountA)).not.toContain(name);
      expect(await customerSees(memberB, accountB)).toContain(name);
      expect(await statusCount(accountA)).toEqual(countsA);
      expect(await statusCount(accountB)).toEqual({ ...countsB, active: (countsB.active ?? 0) + 1 });
      // A member of the old account cannot read the new one's list.
      expect((await t.callRaw('listDomains', { accountId: accountB }, memberA)).status).toBe(403);

      const entries = await auditEntries(t, 'domain.account_changed', id);
      expect(entries.map((e) => [e.before.accountId, e.after.accountId])).toEqual([[null, accountA], [accountA, accountB]]);
    });

    it('updates.accountId null returns the domain to the unassigned ones', async () => {
      const name = await freshInventoryDomain(t, accountB);
      expect((await t.call('updateManagedDomain', { domain: name, updates: { accountId: null } }, operator)).status).toBe(200);
      expect((await row(name))!.account_id).toBeNull();
      expect((await listed({ search: name, account: 'unassigned' })).map((d) => d.domain)).toEqual([name]);
      expect(await customerSees(memberB, accountB)).not.toContain(name);
    });

    it('refuses the same account, a domain changed meanwhile, unknown names and accounts, and mixed or missing shapes; nothing changes', async () => {
      const name = await freshInventoryDomain(t, accountA);
      const before = await auditCount();
      fail(await t.callRaw('updateManagedDomain', { domain: name, updates: { accountId: accountA } }, operator), 409, 'ALREADY_EXISTS', SAME_ACCOUNT);
      fail(await t.callRaw('updateManagedDomain', { domain: name, oldAccountId: accountA, newAccountId: accountA }, operator), 409, 'ALREADY_EXISTS', SAME_ACCOUNT);
      fail(await t.callRaw('updateManagedDomain', { domain: name, oldAccountId: accountB, newAccountId: accountB }, operator), 409, 'ABORTED', ACCOUNT_CHANGED_MEANWHILE);
      fail(await t.callRaw('updateManagedDomain', { domain: name, oldAccountId: null, newAccountId: accountB }, operator), 409, 'ABORTED', ACCOUNT_CHANGED_MEANWHILE);
      fail(await t.callRaw('updateManagedDomain', { domain: name, updates: { accountId: 'no-such-account' } }, operator), 404, 'NOT_FOUND', INVENTORY_ACCOUNT_NOT_FOUND);
      fail(await t.callRaw('updateManagedDomain', { domain: uniqueName('missing'), updates: { accountId: accountB } }, operator), 404, 'NOT_FOUND', INVENTORY_DOMAIN_NOT_FOUND);
      fail(await t.callRaw('updateManagedDomain', { domain: name, updates: { accountId: accountB }, newAccountId: accountB }, operator),
        400, 'INVALID_ARGUMENT', 'Send either updates or oldAccountId and newAccountId, not both.');
      fail(await t.callRaw('updateManagedDomain', { domain: name, newAccountId: accountB }, operator), 400, 'INVALID_ARGUMENT', 'Send updates.accountId, or oldAccountId and newAccountId.');
      expect((await t.callRaw('updateManagedDomain', { domain: name, oldAccountId: accountA, newAccountId: null }, operator)).status).toBe(400);
      expect((await row(name))!.account_id).toBe(accountA);
      expect(await auditCount()).toBe(before);
    });

    it('bulk mapping: one call per domain, the ones moved or deleted meanwhile fail and the rest are assigned', async () => {
      const names = await Promise.all([0, 1, 2, 3].map(() => freshInventoryDomain(t)));
      // Another operator acts between the page load and Assign Selected.
      await t.call('updateManagedDomain', { domain: names[1], updates: { accountId: accountB } }, operator);
      await t.call('deleteDomain', { domain: names[2] }, operator);
      const answers = [];
      for (const domain of names) answers.push(await t.callRaw('updateManagedDomain', { domain, oldAccountId: null, newAccountId: accountA }, operator));
      expect(answers.map((a) => a.status)).toEqual([200, 409, 404, 200]);
      expect((await row(names[1]))!.account_id).toBe(accountB);
      const seen = await customerSees(memberA, accountA);
      expect(seen).toEqual(expect.arrayContaining([names[0], names[3]]));
      expect(seen).not.toContain(names[1]);
    });
  });

  describe('who may call, and hostile input', () => {
    it('a customer of any account neither sees nor changes the inventory', async () => {
      const name = await freshInventoryDomain(t, accountA);
      for (const user of [ownerA, memberA, ownerB]) {
        expect((await t.callRaw('listManagedDomains', { account: accountA }, user)).status).toBe(403);
        expect((await t.callRaw('updateManagedDomain', { domain: name, updates: { accountId: accountB } }, user)).status).toBe(403);
        expect((await t.callRaw('deleteDomain', { domain: name }, user)).status).toBe(403);
        expect((await t.callRaw('createManagedDomain', { domain: uniqueName('evil'), accountId: accountB }, user)).status).toBe(403);
      }
      expect((await row(name))!.account_id).toBe(accountA);
    });

    it('bad cursors, search text and bodies are clear 4xx answers; nothing written', async () => {
      const before = [await domainCount(), await auditCount()];
      const cursor = (keys: unknown) => Buffer.from(JSON.stringify(keys)).toString('base64url');
      for (const startAfter of [
        'garbage!', cursor({ s: 'domain.desc', v: 'a.com' }), cursor({ s: 'domain.asc', v: "a.com' or 1=1" }),
        cursor({ s: 'expiryAt.asc', v: '2024-13-45T99:99:99Z', i: 'x' }), cursor({ s: 'expiryAt.asc', i: 'a\u0000b' }), cursor({ s: 'domain.asc', v: 'a.com', x: 1 }),
      ]) {
        const res = await t.callRaw('listManagedDomains', { sortBy: startAfter.length % 2 ? 'domain' : 'expiryAt', startAfter }, operator);
        fail(res, 400, 'INVALID_ARGUMENT', INVALID_INVENTORY_CURSOR);
      }
      fail(await t.callRaw('listManagedDomains', { search: 'foo bar' }, operator), 400, 'INVALID_ARGUMENT', SEARCH_NOT_A_NAME);
      fail(await t.callRaw('listManagedDomains', { search: '%' }, operator), 400, 'INVALID_ARGUMENT', SEARCH_NOT_A_NAME);
      for (const [name, data] of [
        ['listManagedDomains', { search: 'ab\u0000' }], ['listManagedDomains', { account: 'a\u0000' }],
        ['createManagedDomain', { domain: 'nul.com', notes: 'a\u0000b' }], ['deleteDomain', { domain: 'nul\u0000.com' }],
        ['updateManagedDomain', { domain: 'nul.com', updates: { accountId: '\u0000' } }],
      ] as const) {
        const res = await t.callRaw(name, data, operator);
        expect(res.status, name).toBe(400);
        expect(JSON.stringify(res.error)).not.toMatch(LEAK);
      }
      const huge = await t.app.inject({
        method: 'POST', url: '/api/fn/createManagedDomain', remoteAddress: nextClientIp(),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${operator.token}`, origin: 'http://localhost:3000' },
        payload: JSON.stringify({ data: { domain: 'big.com', notes: 'x'.repeat(5 * 1024 * 1024) } }),
      });
      expect([400, 413]).toContain(huge.statusCode);
      expect(huge.body).not.toMatch(LEAK);
      expect([await domainCount(), await auditCount()]).toEqual(before);
    });
  });
});
