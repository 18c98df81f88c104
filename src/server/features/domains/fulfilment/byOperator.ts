import type { ContactInfo } from '../../../../common/domains/ordersContract.ts';
import { ORDER_NOT_FOUND } from '../../../../common/domains/orders.ts';
import type { Db, Tx } from '../../../db/transaction.ts';
import type { Services } from '../../../rpc/context.ts';
import { failedPrecondition, notFound } from '../../../rpc/errors.ts';
import { findOrder } from '../orders/repository.ts';
import { findDomainByName } from '../records.ts';
import { registrarContactsOf } from './contacts.ts';
import { recordRegistration, recordRenewal } from './outcome.ts';

/**
 * What an operator does to fulfilment from the order desk: names an active supplier (a retry's
 * first choice, a manual completion's registrar) and completes an order by hand.
 */

export async function activeSuppliers(db: Db) {
  return db.selectFrom('domain_suppliers').select(['id', 'name']).where('is_active', '=', true).orderBy('name').orderBy('id').execute();
}

export async function isActiveSupplier(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('domain_suppliers').select('id').where('id', '=', id).where('is_active', '=', true).executeTakeFirst();
  return row !== undefined;
}

export interface ManualCompletion {
  /** Null for a registrar we do not hold as a supplier. */
  supplierId: string | null;
  /** That registrar's name as the operator typed it; null with a supplier. */
  registrarName: string | null;
  registrationId: string;
  expiresAt: string;
  nameservers: string[];
}

/**
 * An order completed by hand in the operator's unit of work, with what the job's completion
 * causes: a renewal extends the account's domain (and sets its nameservers when given), a
 * registration records the domain. 'taken' when another account holds the name; throws
 * OrderMovedMeanwhile when the order can no longer complete.
 */
export async function recordManualCompletion(tx: Tx, services: Services, orderId: string, done: ManualCompletion): Promise<'completed' | 'taken'> {
  const order = await findOrder(tx.db, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  // Written first, in the same unit: a completion that does not happen rolls it back with the rest.
  await tx.db.updateTable('domain_orders').set({ registrar_name: done.supplierId === null ? done.registrarName : null }).where('id', '=', order.id).execute();
  if (order.kind === 'renewal') {
    const domain = order.domain_id ? { id: order.domain_id } : await findDomainByName(tx.db, order.domain);
    if (!domain) throw failedPrecondition(`${order.domain} is not among the account's domains; it cannot be renewed.`);
    await recordRenewal(tx, services, order, { supplierId: done.supplierId, domainId: domain.id, registrarOrderId: done.registrationId, expiresAt: done.expiresAt });
    if (done.nameservers.length > 0) {
      await tx.db.updateTable('domains').set({ nameservers: JSON.stringify(done.nameservers) }).where('id', '=', domain.id).execute();
    }
    return 'completed';
  }
  const contacts = order.contact_info ? registrarContactsOf(JSON.parse(order.contact_info) as ContactInfo) : null;
  return recordRegistration(tx, services, order, {
    supplierId: done.supplierId, registrarOrderId: done.registrationId, expiresAt: done.expiresAt, nameservers: done.nameservers, contacts,
  });
}
