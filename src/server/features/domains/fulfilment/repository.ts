import type { Db } from '../../../db/transaction.ts';
import type { DomainRow } from '../records.ts';
import { findBillingContact } from '../../../access/accountBilling.ts';
import { findUserEmail } from '../../../auth/users.ts';
import type { Services } from '../../../rpc/context.ts';
import type { OrderRow } from '../orders/repository.ts';
import { supplierCosts } from '../pricing/tldPrices.ts';
import { PORTAL_CURRENCY } from '../pricing/tldPricesRepository.ts';
import { costForYears } from '../pricing/yearCosts.ts';

/** The registration job's reads: which suppliers to try, whom to tell. */

/**
 * The active suppliers that may register the order's name: those whose cost for the order's
 * term leaves at least DOMAIN_FAILOVER_MIN_MARGIN_CENTS of what the customer paid, cheapest first
 * (ties by id), so the first one tried is the one the price came from. A supplier dearer than
 * that is never tried on its own: an operator decides (Force registrar) whether to buy at a loss.
 */
export async function registeringSupplierIds(
  services: Pick<Services, 'db' | 'config'>, order: Pick<OrderRow, 'tld' | 'years' | 'total_cents' | 'currency'>,
): Promise<string[]> {
  const { db, config } = services;
  if (order.currency !== PORTAL_CURRENCY) return [];
  const rows = await db.selectFrom('supplier_tld_costs')
    .innerJoin('domain_suppliers', 'domain_suppliers.id', 'supplier_tld_costs.supplier_id')
    .select(['supplier_tld_costs.supplier_id', 'supplier_tld_costs.register_cents', 'supplier_tld_costs.renew_cents'])
    .where('domain_suppliers.is_active', '=', true)
    .where('supplier_tld_costs.tld', '=', order.tld)
    .where('supplier_tld_costs.currency', '=', PORTAL_CURRENCY)
    .where('supplier_tld_costs.register_cents', 'is not', null)
    .execute();
  if (rows.length === 0) return [];
  const years = await db.selectFrom('supplier_tld_year_costs').select(['supplier_id', 'action', 'years', 'cents'])
    .where('tld', '=', order.tld).where('supplier_id', 'in', rows.map((r) => r.supplier_id)).execute();
  const ceiling = Number(order.total_cents) - config.DOMAIN_FAILOVER_MIN_MARGIN_CENTS;
  return rows
    .map((row) => ({ id: row.supplier_id, cost: costForYears(supplierCosts(row.supplier_id, row, years.filter((y) => y.supplier_id === row.supplier_id)), 'register', order.years) }))
    .filter((s): s is { id: string; cost: number } => s.cost !== null && s.cost <= ceiling)
    .sort((a, b) => a.cost - b.cost || (a.id < b.id ? -1 : 1))
    .map((s) => s.id);
}

export async function findDomainById(db: Db, id: string): Promise<DomainRow | undefined> {
  return db.selectFrom('domains').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Who hears about the order: the member who placed it; for an order nobody placed (an
 * automatic renewal) or whose user is gone, the account's billing e-mail, else its owner.
 */
export async function orderRecipient(db: Db, order: { user_id: string | null; account_id: string }): Promise<string | null> {
  if (order.user_id) {
    const email = await findUserEmail(db, order.user_id);
    if (email !== null) return email;
  }
  const contact = await findBillingContact(db, order.account_id);
  return contact ? contact.billing_email ?? contact.owner_email : null;
}
