import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  MANUAL_DOMAIN, SUPPLIER_UNKNOWN, WHOIS_NOT_LISTED,
} from '../../../../common/admin/domainDetail/texts.ts';
import { DOMAIN_NOT_FOUND } from '../../../../common/domains/domains.ts';
import { insertManagedDomain } from '../../../../../test/support/domains/managedDomains.ts';
import { seedSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { type PermissionCast, permissionCast } from '../../../../../test/support/factories.ts';
import { namecheapFakeEnv, type NamecheapFake, startNamecheapFake } from '../../../../../test/support/registrars/namecheap.fake.ts';
import { type FakeRdap, rdapDomain, startFakeRdap } from '../../../../../test/support/registrars/rdap.fake.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';

describeEachDialect('operator domain detail and verification (adminGetDomainDetails, adminVerifyManagedDomain[sBulk])', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  let rdap: FakeRdap;
  let namecheap: NamecheapFake;

  beforeAll(async () => {
    [rdap, namecheap] = await Promise.all([startFakeRdap(), startNamecheapFake()]);
    const namecheapEnv = Object.entries(namecheapFakeEnv(namecheap.url)).filter(([key]) => key.startsWith('NAMECHEAP_'));
    // A short read time-out so that a supplier that never answers is shown as unknown within the test.
    t = await startTestApp(dialect, { env: { RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl, ...Object.fromEntries(namecheapEnv) }, config: { domainReadTimeoutMs: 1_000 } });
    cast = await permissionCast(t);
    await seedSupplier(t.services.db, { id: 'namecheap', name: 'Namecheap' }, []);
  });
  afterAll(async () => {
    await t.stop();
    await Promise.all([rdap.server.close(), namecheap.close()]);
  });
  beforeEach(() => { rdap.domains.clear(); });

  const row = (name: string) => t.services.db.selectFrom('domains').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
  const auditOf = (domainId: string, action: string) => t.services.db.selectFrom('audit_log').selectAll()
    .where('target_id', '=', domainId).where('action', '=', action).execute();

  /** A domain at Namecheap in api mode whose fake holds it; our record says it expires 2026-03-14. */
  async function namecheapDomain(fields: Parameters<NamecheapFake['seedDomain']>[1] = {}) {
    const domain = await insertManagedDomain(t.services, { accountId: cast.accountId, supplierId: 'namecheap', managementMode: 'api' });
    namecheap.seedDomain(domain.name, { created: new Date('2025-03-14T00:00:00Z'), expires: new Date('2027-03-14T00:00:00Z'), ...fields });
    return domain;
  }

  it('shows our record, the supplier\'s and the registry\'s, and per field the value a fresher source holds', async () => {
    const { name } = await namecheapDomain();
    rdap.domains.set(name, rdapDomain(name, { events: [
      { eventAction: 'registration', eventDate: '2025-03-14T10:00:00Z' },
      { eventAction: 'expiration', eventDate: '2027-03-14T10:00:00Z' },
      { eventAction: 'last changed', eventDate: '2025-06-01T08:30:00Z' },
    ] }));

    const res = await t.call('adminGetDomainDetails', { domain: name }, cast.globalAdmin);
    expect(res.status).toBe(200);
    const { local, supplierInfo, whoisInfo, merged, sources, suppliers } = res.result;
    expect(local).toMatchObject({
      domain: name, accountId: cast.accountId, accountName: expect.any(String), registrar: 'namecheap', registrarName: 'Namecheap',
      managementMode: 'api', status: 'active', expiryAt: '2026-03-14T00:00:00.000Z', updatedDate: null, nameservers: ['ns1.ours.example', 'ns2.ours.example'],
    });
    expect(local.contacts?.registrant.name).toEqual(expect.any(String));
    expect(supplierInfo).toMatchObject({ supplier: 'namecheap', supplierName: 'Namecheap', status: 'active', expiryAt: '2027-03-14T00:00:00.000Z' });
    expect(whoisInfo).toEqual({
      source: 'rdap', registrar: 'Example Registrar LLC', registrationDate: '2025-03-14T10:00:00.000Z', updatedDate: '2025-06-01T08:30:00.000Z',
      expiryAt: '2027-03-14T10:00:00.000Z', status: ['client transfer prohibited'], nameservers: ['ns1.example.net', 'ns2.example.net'], redacted: false,
    });
    expect(merged.expiryAt).toEqual({ value: '2027-03-14T00:00:00.000Z', from: 'supplier' });
    expect(merged.updatedDate).toEqual({ value: '2025-06-01T08:30:00.000Z', from: 'whois' });
    expect(merged.registrationDate).toEqual({ value: '2025-03-14T00:00:00.000Z', from: 'local' });
    expect(sources.supplier).toMatchObject({ outcome: 'answered', reason: null, askedAt: expect.any(String) });
    expect(sources.whois).toMatchObject({ outcome: 'answered', reason: null });
    expect(suppliers.map((s) => s.id)).toContain('namecheap');
    expect(res.result.message).toBeNull();
  });

  it('a registry that withholds contacts is shown as redacted', async () => {
    const { name } = await namecheapDomain();
    rdap.domains.set(name, rdapDomain(name, { redacted: [{ name: { type: 'Registrant Name' }, method: 'removal' }] }));
    const res = await t.call('adminGetDomainDetails', { domain: name }, cast.globalAdmin);
    expect(res.result.whoisInfo?.redacted).toBe(true);
  });

  it('an unassigned domain kept by hand asks no registrar, and a registry that does not list it is null with its reason', async () => {
    const { name } = await insertManagedDomain(t.services, { accountId: null, supplierId: null });
    const before = namecheap.http.requests.length;
    const res = await t.call('adminGetDomainDetails', { domain: name }, cast.globalAdmin);
    expect(res.status).toBe(200);
    expect(res.result.local).toMatchObject({ accountId: null, accountName: null, registrar: 'manual', registrarName: null, managementMode: 'manual' });
    expect(res.result.supplierInfo).toBeNull();
    expect(res.result.whoisInfo).toBeNull();
    expect(res.result.sources.supplier).toEqual({ outcome: 'skipped', reason: MANUAL_DOMAIN, askedAt: null });
    expect(res.result.sources.whois).toMatchObject({ outcome: 'failed', reason: WHOIS_NOT_LISTED });
    expect(res.result.message).toBe(WHOIS_NOT_LISTED);
    expect(namecheap.http.requests.length).toBe(before);
  });

  it('a name we do not hold is a 404 with our sentence', async () => {
    const res = await t.call('adminGetDomainDetails', { domain: 'nobody-holds-this.com' }, cast.globalAdmin);
    expect(res.status).toBe(404);
    expect(res.error).toEqual({ status: 'NOT_FOUND', message: DOMAIN_NOT_FOUND });
    const bad = await t.callRaw('adminGetDomainDetails', { domain: 'not a domain' }, cast.globalAdmin);
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe('This is not a valid domain name.');
  });

  it('verification reviews each field: conflicts between sources, changes from ours, the supplier\'s value proposed; it stamps lastVerifiedAt and changes nothing else', async () => {
    const { id, name } = await namecheapDomain();
    // The registry still has last year's expiry and a hold: it disagrees with the supplier on both.
    rdap.domains.set(name, rdapDomain(name, { status: ['client hold'] }));
    const before = await row(name);

    const res = await t.call('adminVerifyManagedDomain', { domain: name }, cast.globalAdmin);
    expect(res.status).toBe(200);
    expect(res.result.success).toBe(true);
    const review = res.result.result;
    const diff = (field: string) => review.diffs.find((d) => d.field === field)!;
    expect(review.diffs.map((d) => d.field)).toEqual(['registrationDate', 'updatedDate', 'expiryAt', 'status', 'registrar']);
    expect(diff('expiryAt')).toEqual({
      field: 'expiryAt', local: '2026-03-14T00:00:00.000Z', supplier: '2027-03-14T00:00:00.000Z', whois: '2026-03-14T10:00:00.000Z',
      conflict: true, changed: true, proposed: '2027-03-14T00:00:00.000Z',
    });
    expect(diff('status')).toEqual({ field: 'status', local: 'active', supplier: 'active', whois: 'suspended', conflict: true, changed: true, proposed: null });
    expect(diff('updatedDate')).toMatchObject({ local: null, supplier: null, whois: '2025-06-01T08:30:00.000Z', conflict: false, changed: true, proposed: '2025-06-01T08:30:00.000Z' });
    // Same day at another hour: the same date.
    expect(diff('registrationDate')).toMatchObject({ conflict: false, changed: false, proposed: null });
    // The registry names a registrar we have no API for: by hand, while Namecheap says it holds it.
    expect(diff('registrar')).toMatchObject({ local: 'namecheap', supplier: 'namecheap', whois: 'manual', conflict: true, proposed: null });
    expect(review.summary).toEqual({ conflicts: 3, changed: 4 });
    expect(review.sources.supplier.outcome).toBe('answered');
    expect(review.verifiedAt).toEqual(expect.any(String));

    const after = await row(name);
    expect(after.last_verified_at).toBe(review.verifiedAt);
    expect({ ...after, last_verified_at: null }).toEqual({ ...before, last_verified_at: null });
    const [entry] = await auditOf(id, 'domain.verified');
    expect(entry.actor_user_id).toBe(cast.globalAdmin.id);
    expect(JSON.parse(entry.after_state!)).toMatchObject({ domain: name, verified: true, conflicts: 3, changed: 4, supplier: 'answered', whois: 'answered' });
  });

  it('a supplier that times out is unknown, never a conflict: the registry\'s value is proposed alone', async () => {
    const { name } = await namecheapDomain();
    rdap.domains.set(name, rdapDomain(name, { events: [{ eventAction: 'expiration', eventDate: '2028-01-01T00:00:00Z' }] }));
    namecheap.http.override({ hang: true, body: '' });

    const res = await t.call('adminVerifyManagedDomain', { domain: name }, cast.globalAdmin);
    expect(res.status).toBe(200);
    const review = res.result.result;
    expect(review.sources.supplier).toMatchObject({ outcome: 'unknown', reason: SUPPLIER_UNKNOWN });
    expect(review.diffs.find((d) => d.field === 'expiryAt')).toMatchObject({
      supplier: null, whois: '2028-01-01T00:00:00.000Z', conflict: false, changed: true, proposed: '2028-01-01T00:00:00.000Z',
    });
    expect(review.summary.conflicts).toBe(0);
    expect(res.result.success).toBe(true);
  });

  it('when no source answers, verification says so, leaves lastVerifiedAt alone and is still audited', async () => {
    const { id, name } = await insertManagedDomain(t.services, { supplierId: null });
    const res = await t.call('adminVerifyManagedDomain', { domain: name }, cast.globalAdmin);
    expect(res.status).toBe(200);
    expect(res.result.success).toBe(false);
    expect(res.result.result.verifiedAt).toBeNull();
    expect(res.result.result.diffs.every((d) => !d.changed && !d.conflict && d.proposed === null)).toBe(true);
    expect((await row(name)).last_verified_at).toBeNull();
    expect(await auditOf(id, 'domain.verified')).toHaveLength(1);
  });

  it('bulk verification answers per name, in order, with a name we do not hold as its error; more than 100 names is refused', async () => {
    const a = await namecheapDomain();
    const b = await insertManagedDomain(t.services, { supplierId: null });
    rdap.domains.set(b.name, rdapDomain(b.name));
    const res = await t.call('adminVerifyManagedDomainsBulk', { domains: [a.name, 'not-ours-at-all.com', b.name] }, cast.globalAdmin);
    expect(res.status).toBe(200);
    expect(res.result.results).toEqual([
      { domain: a.name, success: true, summary: expect.objectContaining({ changed: expect.any(Number) }), error: null },
      { domain: 'not-ours-at-all.com', success: false, summary: null, error: DOMAIN_NOT_FOUND },
      { domain: b.name, success: true, summary: expect.any(Object), error: null },
    ]);
    expect(res.result).toMatchObject({ succeeded: 2, failed: 1, message: 'Verified 2 domains, 1 failed.' });
    expect((await row(a.name)).last_verified_at).not.toBeNull();
    expect((await row(b.name)).last_verified_at).not.toBeNull();

    const none = await t.call('adminVerifyManagedDomainsBulk', { domains: ['not-ours-at-all.com'] }, cast.globalAdmin);
    expect(none.status).toBe(404);
    const many = Array.from({ length: 101 }, (_, i) => `n${i}.com`);
    const tooMany = await t.call('adminVerifyManagedDomainsBulk', { domains: many }, cast.globalAdmin);
    expect(tooMany.status).toBe(400);
    expect(tooMany.error?.message).toBe('Select at most 100 domains.');
  });
});
