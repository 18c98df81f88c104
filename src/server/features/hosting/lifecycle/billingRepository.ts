import type { Updateable } from 'kysely';
import type { HostingOrderField } from '../../../../common/hosting/orderFields.ts';
import type { PanelKind } from '../../../../common/hosting/panels.ts';
import type { HostingServicesTable, HostingStepAction } from '../../../db/tables/hosting.ts';
import type { Db } from '../../../db/transaction.ts';

/** A step that has not reached its end: a new one of the same action would only queue behind it (or repeat a failure). */
export const UNFINISHED_STEP_STATUSES = ['queued', 'running', 'waiting', 'failed'] as const;

/** A product's provisioning: the panel, its package and what the customer gives at order time. */
export interface HostingMapping {
  productId: string;
  panel: PanelKind;
  package: string;
  orderFields: HostingOrderField[];
}

export async function findMapping(db: Db, productId: string): Promise<HostingMapping | undefined> {
  const row = await db.selectFrom('hosting_products').select(['product_id', 'panel', 'package', 'order_fields'])
    .where('product_id', '=', productId).executeTakeFirst();
  return row && { productId: row.product_id, panel: row.panel, package: row.package, orderFields: JSON.parse(row.order_fields) as HostingOrderField[] };
}

/** The order-time fields each of these products asks for; a product that does not provision is absent. */
export async function orderFieldsOfProducts(db: Db, productIds: string[]): Promise<Map<string, HostingOrderField[]>> {
  if (productIds.length === 0) return new Map();
  const rows = await db.selectFrom('hosting_products').select(['product_id', 'order_fields']).where('product_id', 'in', productIds).execute();
  return new Map(rows.map((row) => [row.product_id, JSON.parse(row.order_fields) as HostingOrderField[]]));
}

export async function insertOrderFields(db: Db, row: { checkoutSessionId: string; accountId: string; productId: string; domain: string | null; now: string }) {
  await db.insertInto('hosting_order_fields').values({
    checkout_session_id: row.checkoutSessionId, account_id: row.accountId, product_id: row.productId, domain: row.domain, created_at: row.now,
  }).execute();
}

/** What the customer gave at the checkout `checkoutSessionId`, if it was for this account and product. */
export async function findOrderFields(db: Db, of: { checkoutSessionId: string; accountId: string; productId: string }) {
  return db.selectFrom('hosting_order_fields').select(['domain'])
    .where('checkout_session_id', '=', of.checkoutSessionId).where('account_id', '=', of.accountId).where('product_id', '=', of.productId)
    .executeTakeFirst();
}

/**
 * The subscription's service, read for a change: a no-op update first takes the row's lock
 * (PostgreSQL) or the write lock (SQLite), so billing and the sweep decide one after the other,
 * each seeing the steps the other requested.
 */
export async function lockServiceOfSubscription(db: Db, subscriptionId: string) {
  await db.updateTable('hosting_services').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('subscription_id', '=', subscriptionId).execute();
  return db.selectFrom('hosting_services')
    .select(['id', 'account_id', 'product_id', 'product_name', 'status', 'suspend_reason', 'package', 'past_due_since', 'ended_at'])
    .where('subscription_id', '=', subscriptionId)
    .executeTakeFirst();
}
export type BillingService = NonNullable<Awaited<ReturnType<typeof lockServiceOfSubscription>>>;

/** Answers false when the subscription has its service already (a delivery of the same payment committed it first). */
export async function insertOrderedService(db: Db, row: {
  id: string; accountId: string; subscriptionId: string; productId: string; productName: string; panel: PanelKind;
  domain: string | null; package: string; now: string;
}): Promise<boolean> {
  const inserted = await db.insertInto('hosting_services').values({
    id: row.id, account_id: row.accountId, subscription_id: row.subscriptionId, product_id: row.productId, product_name: row.productName,
    panel: row.panel, status: 'pending', domain: row.domain, package: row.package,
    source: 'order', created_at: row.now, updated_at: row.now,
  }).onConflict((oc) => oc.column('subscription_id').doNothing()).returning('id').executeTakeFirst();
  return inserted !== undefined;
}

export async function updateService(db: Db, id: string, changes: Updateable<HostingServicesTable>) {
  await db.updateTable('hosting_services').set(changes).where('id', '=', id).execute();
}

/** The actions of the service's steps that have not ended, with each one's input (a suspension's reason). */
export async function unfinishedSteps(db: Db, serviceId: string): Promise<{ action: HostingStepAction; input: Record<string, unknown> }[]> {
  const rows = await db.selectFrom('hosting_steps').select(['action', 'input'])
    .where('service_id', '=', serviceId).where('status', 'in', [...UNFINISHED_STEP_STATUSES])
    .orderBy('created_at').execute();
  return rows.map((row) => ({ action: row.action, input: JSON.parse(row.input) as Record<string, unknown> }));
}
