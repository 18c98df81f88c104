import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_NEEDS_SUPPLIER, NO_CHANGES_TO_SAVE, UNKNOWN_REGISTRAR } from '../../../../common/admin/domainDetail/texts.ts';
import { insertManagedDomain } from '../../../../../test/support/domains/managedDomains.ts';
import { seedSupplier } from '../../../../../test/support/domains/suppliers.ts';
import { type PermissionCast, permissionCast } from '../../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';

describeEachDialect('applyDomainCorrections', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await permissionCast(t);
    await seedSupplier(t.services.db, { id: 'namecheap', name: 'Namecheap' }, []);
  });
  afterAll(async () => { await t.stop(); });

  const row = (name: string) => t.services.db.selectFrom('domains').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
  const correct = (domain: string, patches: Record<string, unknown>) => t.callRaw<{ changed: string[]; local: Record<string, unknown>; message: string }>(
    'applyDomainCorrections', { domain, patches }, cast.globalAdmin);
  const audits = (id: string) => t.services.db.selectFrom('audit_log').select(['action', 'before_state', 'after_state'])
    .where('target_id', '=', id).where('action', '=', 'domain.corrected').execute();

  it('each field of a patch corrects our record, and the audit keeps before and after', async () => {
    const { id, name } = await insertManagedDomain(t.services, { supplierId: 'namecheap', managementMode: 'api' });
    const res = await correct(name, {
      registrationDate: '2024-01-02', updatedDate: '2025-06-01T08:30:00Z', expiryAt: '2027-01-02T00:00:00+02:00', status: 'suspended', notes: '  Moved by hand.  ',
    });
    expect(res.status).toBe(200);
    expect(res.result.message).toBe('Changes saved successfully');
    expect(res.result.changed.sort()).toEqual(['expiryAt', 'notes', 'registrationDate', 'status', 'updatedDate']);
    expect(res.result.local).toMatchObject({
      registrationDate: '2024-01-02T00:00:00.000Z', updatedDate: '2025-06-01T08:30:00.000Z', expiryAt: '2027-01-01T22:00:00.000Z',
      status: 'suspended', notes: 'Moved by hand.', registrar: 'namecheap', managementMode: 'api',
    });
    const stored = await row(name);
    expect(stored).toMatchObject({ registration_date: '2024-01-02T00:00:00.000Z', registry_updated_at: '2025-06-01T08:30:00.000Z', status: 'suspended', notes: 'Moved by hand.' });
    const [entry] = await audits(id);
    expect(JSON.parse(entry.before_state!)).toEqual({
      registrationDate: '2025-03-14T00:00:00.000Z', updatedDate: null, expiryAt: '2026-03-14T00:00:00.000Z', status: 'active', notes: null,
    });
    expect(JSON.parse(entry.after_state!)).toMatchObject({ domain: name, status: 'suspended', notes: 'Moved by hand.' });

    // Dates may be cleared with null.
    const cleared = await correct(name, { expiryAt: null, notes: null });
    expect(cleared.status).toBe(200);
    expect(cleared.result.local).toMatchObject({ expiryAt: null, notes: null });
  });

  it('registrar manual forces manual mode; api mode needs a supplier; a supplier id must exist', async () => {
    const { name } = await insertManagedDomain(t.services, { supplierId: 'namecheap', managementMode: 'api' });
    const manual = await correct(name, { registrar: 'manual' });
    expect(manual.status).toBe(200);
    expect(manual.result.changed.sort()).toEqual(['managementMode', 'registrar']);
    expect(await row(name)).toMatchObject({ supplier_id: null, management_mode: 'manual' });

    for (const patches of [{ managementMode: 'api' }, { registrar: 'manual', managementMode: 'api' }]) {
      const refused = await correct(name, patches);
      expect(refused.status).toBe(400);
      expect(refused.error).toEqual({ status: 'INVALID_ARGUMENT', message: API_NEEDS_SUPPLIER });
    }
    const unknown = await correct(name, { registrar: 'godaddy' });
    expect(unknown.error).toEqual({ status: 'INVALID_ARGUMENT', message: UNKNOWN_REGISTRAR });

    const back = await correct(name, { registrar: 'namecheap', managementMode: 'api' });
    expect(back.status).toBe(200);
    expect(await row(name)).toMatchObject({ supplier_id: 'namecheap', management_mode: 'api' });
    const toManualMode = await correct(name, { managementMode: 'manual' });
    expect(toManualMode.result.local).toMatchObject({ registrar: 'namecheap', managementMode: 'manual' });
  });

  it('an empty patch, or one that changes nothing, is \'No changes to save\' and writes nothing', async () => {
    const { id, name } = await insertManagedDomain(t.services, { supplierId: null });
    const before = await row(name);
    for (const patches of [{}, { status: 'active' }, { registrar: 'manual', managementMode: 'manual' }]) {
      const res = await correct(name, patches);
      expect(res.status).toBe(400);
      expect(res.error).toEqual({ status: 'INVALID_ARGUMENT', message: NO_CHANGES_TO_SAVE });
    }
    expect(await row(name)).toEqual(before);
    expect(await audits(id)).toEqual([]);
  });

  it.each([
    ['the 30th of February', { expiryAt: '2026-02-30' }, 'Expiry date is not a real date (YYYY-MM-DD or a full ISO time with its zone).'],
    ['a 25th hour', { registrationDate: '2026-01-01T25:00:00Z' }, 'Registration date is not a real date (YYYY-MM-DD or a full ISO time with its zone).'],
    ['a time without its zone', { updatedDate: '2026-01-01T10:00:00' }, 'Updated date is not a real date (YYYY-MM-DD or a full ISO time with its zone).'],
    ['a number', { expiryAt: 1700000000 }, 'Expiry date must be an ISO date (YYYY-MM-DD or a full ISO time) or null.'],
    ['an unknown status', { status: 'deleted' }, 'Status must be one of active, pending, expired, suspended.'],
    ['an unknown mode', { managementMode: 'robot' }, 'Management mode must be manual or api.'],
    ['an unknown field', { autoRenew: true }, null],
  ])('%s is a clear 400 and nothing is written', async (_label, patches, message) => {
    const { name } = await insertManagedDomain(t.services, { supplierId: null });
    const before = await row(name);
    const res = await correct(name, patches);
    expect(res.status).toBe(400);
    expect(res.error?.status).toBe('INVALID_ARGUMENT');
    if (message) expect(res.error?.message).toBe(message);
    expect(res.error?.message).not.toMatch(/zod|sqlite|postgres|kysely|stack/i);
    expect(await row(name)).toEqual(before);
  });

  it('patches must be an object, and the domain must be ours', async () => {
    const res = await t.callRaw('applyDomainCorrections', { domain: 'x-example.com', patches: 'expire' }, cast.globalAdmin);
    expect(res.error).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'Patches must be an object of fields to change.' });
    const missing = await correct('nobody-holds-this.com', { status: 'active' });
    expect(missing.status).toBe(404);
  });
});
