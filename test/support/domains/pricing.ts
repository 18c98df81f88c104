import type { TestApp } from '../testApp.ts';

// For tests of TLD pricing and the supplier sync.

/** Everything a sync may change: a refused or invalid call must leave all of it as it was. */
export async function pricingState(t: TestApp) {
  const db = t.services.db;
  const [suppliers, costs, markups, audit] = await Promise.all([
    db.selectFrom('domain_suppliers').selectAll().orderBy('id').execute(),
    db.selectFrom('supplier_tld_costs').selectAll().orderBy('supplier_id').orderBy('tld').execute(),
    db.selectFrom('tld_markups').selectAll().orderBy('tld').execute(),
    db.selectFrom('audit_log').select(['id']).orderBy('id').execute(),
  ]);
  return { suppliers, costs, markups, audit };
}

/** One supplier's stored costs, by TLD. */
export async function costsOf(t: TestApp, supplierId: string) {
  const rows = await t.services.db.selectFrom('supplier_tld_costs').selectAll().where('supplier_id', '=', supplierId).orderBy('tld').execute();
  return Object.fromEntries(rows.map((r) => [r.tld, { register: r.register_cents, renew: r.renew_cents, transfer: r.transfer_cents }]));
}

export async function supplierRow(t: TestApp, id: string) {
  return t.services.db.selectFrom('domain_suppliers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** As an operator would in the back office (its screen comes with issue 8). */
export async function setSupplierActive(t: TestApp, id: string, active: boolean) {
  await t.services.db.updateTable('domain_suppliers').set({ is_active: active }).where('id', '=', id).execute();
}

export async function setMarkup(t: TestApp, tld: string, kind: 'percent' | 'fixed', value: number) {
  await t.services.db.insertInto('tld_markups').values({ tld, kind, value })
    .onConflict((oc) => oc.column('tld').doUpdateSet({ kind, value })).execute();
}
