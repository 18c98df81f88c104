import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  domainSyncCompleted, HELD_AT_OTHER_SUPPLIER, HELD_BY_HAND, MANAGED_MANUALLY, NO_DOMAIN_LIST, SUPPLIER_NOT_FOUND,
} from '../../src/common/admin/registrars/texts.ts';
import { seedSupplier } from '../support/domains/suppliers.ts';
import { accountWithMembers, type AccountWithMembers } from '../support/factories.ts';
import { auditEntries, signUpOperator } from '../support/operators.ts';
import { CLOUDFLARE_FAKE_ACCOUNT, CLOUDFLARE_FAKE_TOKEN, type FakeCloudflare, startFakeCloudflare } from '../support/registrars/cloudflare.fake.ts';
import { DYNADOT_FAKE_KEY, type FakeDynadot, startFakeDynadot } from '../support/registrars/dynadot.fake.ts';
import { type EnomFake, startEnomFake } from '../support/registrars/enom.fake.ts';
import type { FakeHttpServer, FakeRequest } from '../support/fakeHttpServer.ts';
import { type NamecheapFake, namecheapFakeCredentials, namecheapFakeEnv, startNamecheapFake } from '../support/registrars/namecheap.fake.ts';
import { workRuns } from '../support/workRuns.ts';
import { describeEachDialect, startTestApp, type TestApp, type TestUser } from '../support/testApp.ts';
import { insertDomain } from '../../src/server/features/domains/records.ts';

const DAY = 86_400_000;

interface Case {
  id: 'namecheap' | 'enom' | 'dynadot' | 'cloudflare';
  name: string;
  /** Names per list page of the adapter. */
  pageSize: number;
  seed(name: string, expires: Date): void;
  http(): FakeHttpServer;
  /** The request that asks for the list's second page. */
  isPageTwo(request: FakeRequest): boolean;
}

const param = (request: FakeRequest, name: string) => Object.entries(request.params).find(([k]) => k.toLowerCase() === name)?.[1];

/**
 * syncSupplierDomains (issue 19) against each registrar's fake over HTTP: a portfolio of more
 * than one page becomes unassigned api-mode domains; names we hold elsewhere or by hand are left
 * alone and reported; a second run only refreshes; a list that fails on its second page leaves
 * the first written, and the next run completes it without a duplicate.
 */
describeEachDialect('syncSupplierDomains', (dialect) => {
  let t: TestApp;
  let operator: TestUser;
  let a: AccountWithMembers;
  let namecheap: NamecheapFake;
  let enom: EnomFake;
  let dynadot: FakeDynadot;
  let cloudflare: FakeCloudflare;
  const expiry = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 5, 15));
  const errorLog: string[] = [];
  const day = (iso: string | null) => iso?.slice(0, 10) ?? null;

  const cases: Case[] = [
    {
      id: 'namecheap', name: 'Namecheap', pageSize: 100, http: () => namecheap.http,
      seed: (name, expires) => { namecheap.seedDomain(name, { expires, nameservers: [], locked: true, autoRenew: false }); },
      isPageTwo: (r) => param(r, 'command')?.toLowerCase() === 'namecheap.domains.getlist' && param(r, 'page') === '2',
    },
    {
      id: 'enom', name: 'Enom', pageSize: 100, http: () => enom.server,
      seed: (name, expires) => { enom.seedDomain(name, { expiresAt: expires, locked: true, autoRenew: false }); },
      isPageTwo: (r) => param(r, 'command')?.toLowerCase() === 'getdomains' && param(r, 'start') === '101',
    },
    {
      id: 'dynadot', name: 'Dynadot', pageSize: 100, http: () => dynadot.http,
      seed: (name, expires) => { dynadot.seedDomain(name, { expiresMs: expires.getTime(), nameservers: ['ns1.dyn.example', 'ns2.dyn.example'], locked: true, renewOption: 'donot' }); },
      isPageTwo: (r) => param(r, 'command') === 'list_domain' && param(r, 'page_index') === '1',
    },
    {
      id: 'cloudflare', name: 'Cloudflare', pageSize: 50, http: () => cloudflare.http,
      seed: (name, expires) => { cloudflare.seedDomain(name, { expiresAt: expires.toISOString(), locked: true, autoRenew: true }); },
      isPageTwo: (r) => r.method === 'GET' && r.path.endsWith('/registrar/domains') && param(r, 'page') === '2',
    },
  ];

  beforeAll(async () => {
    [namecheap, enom, dynadot, cloudflare] = await Promise.all([
      startNamecheapFake(namecheapFakeCredentials), startEnomFake(), startFakeDynadot(DYNADOT_FAKE_KEY), startFakeCloudflare(),
    ]);
    t = await startTestApp(dialect, {
      errorLog,
      env: {
        ...Object.fromEntries(Object.entries(namecheapFakeEnv(namecheap.url)).filter(([name]) => name.startsWith('NAMECHEAP_'))),
        ENOM_UID: enom.uid, ENOM_PW: enom.pw, ENOM_API_URL: enom.url, DYNADOT_API_KEY: DYNADOT_FAKE_KEY, DYNADOT_API_URL: dynadot.url,
        CLOUDFLARE_API_TOKEN: CLOUDFLARE_FAKE_TOKEN, CLOUDFLARE_ACCOUNT_ID: CLOUDFLARE_FAKE_ACCOUNT, CLOUDFLARE_API_URL: cloudflare.url,
      },
    });
    [operator, a] = await Promise.all([signUpOperator(t), accountWithMembers(t)]);
    for (const c of cases) await seedSupplier(t.services.db, { id: c.id, name: c.name }, []);
    await seedSupplier(t.services.db, { id: 'porkbun', name: 'Porkbun', active: false }, []);
  });
  afterAll(async () => {
    await t.stop();
    await Promise.all([namecheap.close(), enom.close(), dynadot.close(), cloudflare.close()]);
  });

  const ours = async (name: string, fields: { supplierId: string | null; accountId?: string | null; manual?: boolean; expires?: Date }) => {
    await insertDomain(t.services.db, {
      id: `dom_${randomBytes(9).toString('base64url')}`, accountId: fields.accountId ?? a.accountId, name, tld: name.slice(name.indexOf('.') + 1),
      supplierId: fields.supplierId, managementMode: fields.manual ? 'manual' : undefined, registrationId: null, registrationDate: null,
      expirationDate: (fields.expires ?? expiry).toISOString(), autoRenew: true, privacy: false, locked: false, nameservers: [], contacts: null,
      now: new Date().toISOString(),
    });
  };
  const row = (name: string) => t.services.db.selectFrom('domains').selectAll().where('name', '=', name).executeTakeFirst();
  const sync = (supplier: string) => t.call('syncSupplierDomains', { supplier, mode: 'apply' }, operator);

  for (const c of cases) {
    it(`${c.name}: more than a page imported, names held elsewhere reported; a second run only updates; a failed page is completed by the next run`, async () => {
      const prefix = `${c.id}-sync`;
      const fresh = Array.from({ length: c.pageSize + 1 }, (_, i) => `${prefix}-${String(i).padStart(3, '0')}.com`);
      for (const name of fresh) c.seed(name, expiry);
      // Ours at this supplier, with an expiry the registrar has moved on from: it takes the registrar's.
      await ours(`${prefix}-ours.com`, { supplierId: c.id, expires: new Date(expiry.getTime() - 365 * DAY) });
      c.seed(`${prefix}-ours.com`, expiry);
      await ours(`${prefix}-elsewhere.com`, { supplierId: 'porkbun' });
      c.seed(`${prefix}-elsewhere.com`, expiry);
      await ours(`${prefix}-byhand.com`, { supplierId: null });
      c.seed(`${prefix}-byhand.com`, expiry);
      await ours(`${prefix}-manual.com`, { supplierId: c.id, manual: true, expires: new Date(expiry.getTime() - 30 * DAY) });
      c.seed(`${prefix}-manual.com`, expiry);
      const listed = fresh.length + 4;

      const first = await sync(c.id);
      expect(first.status, errorLog.join('\n')).toBe(200);
      expect(first.result).toMatchObject({
        success: true, error: null, message: domainSyncCompleted(c.name, fresh.length, 1),
        totals: { created: fresh.length, updated: 1, changed: 1, skipped: 3, pages: Math.ceil(listed / c.pageSize) },
      });
      expect(first.result.message).toBe(`${c.name} sync completed: created ${fresh.length}, updated 1.`);
      expect(first.result.skipped).toEqual(expect.arrayContaining([
        { domain: `${prefix}-elsewhere.com`, reason: HELD_AT_OTHER_SUPPLIER('Porkbun') },
        { domain: `${prefix}-byhand.com`, reason: HELD_BY_HAND },
        { domain: `${prefix}-manual.com`, reason: MANAGED_MANUALLY },
      ]));

      const created = await row(fresh[c.pageSize]!);
      expect(created).toMatchObject({ account_id: null, supplier_id: c.id, management_mode: 'api', status: 'active' });
      expect(day(created!.expiration_date)).toBe(day(expiry.toISOString()));
      expect(Boolean(created!.locked)).toBe(true);
      expect(Boolean(created!.auto_renew)).toBe(c.id === 'cloudflare');
      expect(created!.last_synced_at).not.toBeNull();
      const updated = await row(`${prefix}-ours.com`);
      expect(day(updated!.expiration_date)).toBe(day(expiry.toISOString()));
      // Our own side stays ours: the account, and our auto-renew.
      expect(updated).toMatchObject({ account_id: a.accountId, supplier_id: c.id });
      expect(Boolean(updated!.auto_renew)).toBe(true);
      // Left alone.
      expect(await row(`${prefix}-elsewhere.com`)).toMatchObject({ supplier_id: 'porkbun', account_id: a.accountId });
      expect(await row(`${prefix}-byhand.com`)).toMatchObject({ supplier_id: null });
      expect(day((await row(`${prefix}-manual.com`))!.expiration_date)).toBe(day(new Date(expiry.getTime() - 30 * DAY).toISOString()));

      const second = await sync(c.id);
      expect(second.result).toMatchObject({
        success: true, message: domainSyncCompleted(c.name, 0, fresh.length + 1), totals: { created: 0, updated: fresh.length + 1, changed: 0, skipped: 3 },
      });

      // Three names later in the list; its second page fails (a 502): the first page stands.
      const late = ['zz-late-1', 'zz-late-2', 'zz-late-3'].map((n) => `${n}-${c.id}.com`);
      for (const name of late) c.seed(name, expiry);
      c.http().overrideWhen(c.isPageTwo, { status: 502, contentType: 'text/html', body: '<html><body>Bad gateway</body></html>' }, 1);
      const failed = await sync(c.id);
      expect(failed.status).toBe(200);
      expect(failed.result.success).toBe(false);
      expect(failed.result.error).toMatch(new RegExp(`^${c.name}'s domain list could not be read to its end \\(after 1 page\\): .+ run the sync again to finish\\.$`));
      expect(failed.result.message).toBe(failed.result.error);
      expect(failed.result.totals.created).toBe(0);
      for (const name of late) expect(await row(name)).toBeUndefined();
      const runs = await workRuns(t.services.db, `domain-sync:${c.id}`);
      expect(runs.at(-1)).toMatchObject({ status: 'failed', error: failed.result.error, requestedBy: operator.id });

      const rerun = await sync(c.id);
      expect(rerun.result).toMatchObject({ success: true, totals: { created: 3, updated: fresh.length + 1, skipped: 3 } });
      for (const name of late) expect(await row(name)).toMatchObject({ account_id: null, supplier_id: c.id, management_mode: 'api' });
      const count = await t.services.db.selectFrom('domains').select((eb) => eb.fn.countAll<number>().as('n')).where('supplier_id', '=', c.id).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(fresh.length + 2 + late.length);
      expect((await workRuns(t.services.db, `domain-sync:${c.id}`)).at(-1)).toMatchObject({ status: 'succeeded' });

      // The health card counts the sync as the supplier's latest call.
      const health = (await t.call('getRegistrarHealth', {}, operator)).result.suppliers.find((s) => s.id === c.id);
      expect(health).toMatchObject({ lastCallKind: 'Domain sync', lastCallAt: (await workRuns(t.services.db, `domain-sync:${c.id}`)).at(-1)!.finishedAt });

      const audited = await auditEntries(t, 'registrars.domains_synced', c.id);
      expect(audited).toHaveLength(4);
      expect(audited.map((e) => (e.after as { success: boolean }).success).sort()).toEqual([false, true, true, true]);
      expect(audited[0]).toMatchObject({ actorUserId: operator.id, targetType: 'domain_supplier' });
    });
  }

  it('refuses an unknown supplier, one with no adapter, a mode other than apply, a NUL byte and anyone but an operator, writing nothing', async () => {
    const before = await t.services.db.selectFrom('domains').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const unknown = await sync('nosuch');
    expect(unknown.status).toBe(404);
    expect(unknown.error).toEqual({ status: 'NOT_FOUND', message: SUPPLIER_NOT_FOUND });
    const porkbun = await sync('porkbun');
    expect(porkbun.error).toEqual({ status: 'FAILED_PRECONDITION', message: NO_DOMAIN_LIST('Porkbun') });
    expect(porkbun.status).toBe(400);
    const preview = await t.callRaw('syncSupplierDomains', { supplier: 'enom', mode: 'preview' }, operator);
    expect(preview.status).toBe(400);
    expect(preview.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: "Mode must be 'apply'." });
    const nul = await t.callRaw('syncSupplierDomains', { supplier: 'en\u0000om', mode: 'apply' }, operator);
    expect(nul.status).toBe(400);
    expect(nul.error?.status).toBe('INVALID_ARGUMENT');
    expect((await t.call('syncSupplierDomains', { supplier: 'enom', mode: 'apply' }, a.owner)).status).toBe(403);
    expect((await t.call('syncSupplierDomains', { supplier: 'enom', mode: 'apply' }, null)).status).toBe(401);
    const after = await t.services.db.selectFrom('domains').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
