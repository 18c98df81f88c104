import type { Kysely } from 'kysely';
import type { Database } from '../../../src/server/db/schema.ts';
import { SANDBOX_TLD_COSTS } from '../../../src/server/integrations/registrars/sandbox/sandboxPrices.ts';

export interface SupplierCost { tld: string; registerCents: number | null; renewCents?: number | null; transferCents?: number | null }

/**
 * A supplier and its costs, written as a sync would leave them. Upserts, so it also works on an
 * installation that already created the supplier at first start.
 */
export async function seedSupplier(db: Kysely<Database>, supplier: { id: string; name: string; active?: boolean }, costs: readonly SupplierCost[]) {
  const active = supplier.active ?? true;
  await db.insertInto('domain_suppliers').values({ id: supplier.id, name: supplier.name, is_active: active })
    .onConflict((oc) => oc.column('id').doUpdateSet({ name: supplier.name, is_active: active })).execute();
  for (const cost of costs) {
    const cents = { register_cents: cost.registerCents, renew_cents: cost.renewCents ?? cost.registerCents, transfer_cents: cost.transferCents ?? cost.registerCents };
    await db.insertInto('supplier_tld_costs').values({ supplier_id: supplier.id, tld: cost.tld, currency: 'USD', ...cents })
      .onConflict((oc) => oc.columns(['supplier_id', 'tld']).doUpdateSet(cents)).execute();
  }
}

/** The sandbox with its own prices, as a new installation has them from its first start. */
export function seedSandboxSupplier(db: Kysely<Database>) {
  return seedSupplier(db, { id: 'sandbox', name: 'Sandbox' }, SANDBOX_TLD_COSTS);
}
