import type { Db } from '../../../db/transaction.ts';
import type { DomainRow } from '../records.ts';
import { findBillingContact } from '../../../access/accountBilling.ts';
import { findUserEmail } from '../../../auth/users.ts';
import { PORTAL_CURRENCY } from '../pricing/tldPricesRepository.ts';

/** The registration job's reads: which suppliers to try, whom to tell. */

/**
 * The active suppliers with a register cost for the TLD, cheapest first (ties by id): the order
 * our price was computed in (sellPrices), so the first one tried is the one the price came from.
 */
export async function registeringSupplierIds(db: Db, tld: string): Promise<string[]> {
  const rows = await db.selectFrom('supplier_tld_costs')
    .innerJoin('domain_suppliers', 'domain_suppliers.id', 'supplier_tld_costs.supplier_id')
    .select('supplier_tld_costs.supplier_id')
    .where('domain_suppliers.is_active', '=', true)
    .where('supplier_tld_costs.tld', '=', tld)
    .where('supplier_tld_costs.currency', '=', PORTAL_CURRENCY)
    .where('supplier_tld_costs.register_cents', 'is not', null)
    .orderBy('supplier_tld_costs.register_cents').orderBy('supplier_tld_costs.supplier_id')
    .execute();
  return rows.map((row) => row.supplier_id);
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
