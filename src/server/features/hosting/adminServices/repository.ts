import { accountName } from '../../../access/fragments.ts';
import { userEmail } from '../../../auth/fragments.ts';
import type { HostingServiceStatus } from '../../../db/tables/hosting.ts';
import type { Db } from '../../../db/transaction.ts';

/** The operator's reads of hosting_services: every account's, with server, account and failed steps beside each. */

const OPEN_STEP_STATUSES = ['queued', 'running', 'waiting'] as const;

export interface ServiceFilter {
  status?: HostingServiceStatus;
  serverId?: string;
  productId?: string;
  accountId?: string;
}

function servicesWithServer(db: Db) {
  return db.selectFrom('hosting_services as sv')
    .leftJoin('hosting_servers as srv', 'srv.id', 'sv.server_id')
    .select((eb) => [
      'sv.id', 'sv.status', 'sv.suspend_reason', 'sv.suspend_note', 'sv.product_id', 'sv.product_name', 'sv.package', 'sv.panel', 'sv.server_id',
      'srv.name as server_name', 'srv.group_id as server_group_id', 'sv.domain', 'sv.username', 'sv.account_id', 'sv.subscription_id', 'sv.created_at',
      accountName(eb, eb.ref('sv.account_id')).as('account_name'),
      eb.selectFrom('hosting_steps as st').select((c) => c.fn.countAll<number | string>().as('n'))
        .whereRef('st.service_id', '=', 'sv.id').where('st.status', '=', 'failed').$asScalar().as('failed_steps'),
    ]);
}

export type AdminServiceRow = Awaited<ReturnType<ReturnType<typeof servicesWithServer>['executeTakeFirstOrThrow']>>;

type ServiceQuery = ReturnType<typeof servicesWithServer>;

function filtered(query: ServiceQuery, filter: ServiceFilter): ServiceQuery {
  let q = query;
  if (filter.status) q = q.where('sv.status', '=', filter.status);
  if (filter.serverId) q = q.where('sv.server_id', '=', filter.serverId);
  if (filter.productId) q = q.where('sv.product_id', '=', filter.productId);
  if (filter.accountId) q = q.where('sv.account_id', '=', filter.accountId);
  return q;
}

export async function listServices(db: Db, filter: ServiceFilter & { page: number; pageSize: number }) {
  const [rows, count] = await Promise.all([
    filtered(servicesWithServer(db), filter).orderBy('sv.created_at', 'desc').orderBy('sv.id', 'desc')
      .limit(filter.pageSize).offset((filter.page - 1) * filter.pageSize).execute(),
    db.selectFrom('hosting_services as sv').select((eb) => eb.fn.countAll<number | string>().as('n'))
      .$if(filter.status !== undefined, (q) => q.where('sv.status', '=', filter.status!))
      .$if(filter.serverId !== undefined, (q) => q.where('sv.server_id', '=', filter.serverId!))
      .$if(filter.productId !== undefined, (q) => q.where('sv.product_id', '=', filter.productId!))
      .$if(filter.accountId !== undefined, (q) => q.where('sv.account_id', '=', filter.accountId!))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The choices of the list's filters: every server, and every product some service is on (a product mapped but never sold filters nothing). */
export async function filterOptions(db: Db) {
  const [servers, products] = await Promise.all([
    db.selectFrom('hosting_servers').select(['id', 'name']).orderBy('name').orderBy('id').execute(),
    db.selectFrom('hosting_services').select((eb) => ['product_id as id', eb.fn.max('product_name').as('name')])
      .where('product_id', 'is not', null).groupBy('product_id').orderBy('name').execute(),
  ]);
  return { servers, products: products.map((p) => ({ id: p.id!, name: String(p.name) })) };
}

export async function findServiceDetail(db: Db, serviceId: string) {
  return servicesWithServer(db).where('sv.id', '=', serviceId)
    .select(['sv.source', 'sv.panel_ref', 'sv.usage', 'sv.usage_at', 'sv.past_due_since', 'sv.activated_at', 'sv.suspended_at', 'sv.terminated_at'])
    .executeTakeFirst();
}

/** The group of the product's panel mapping: where its packages are read when the service's server has no group. */
export async function mappedGroupOf(db: Db, productId: string | null): Promise<string | null> {
  if (!productId) return null;
  const row = await db.selectFrom('hosting_products').select('group_id').where('product_id', '=', productId).executeTakeFirst();
  return row?.group_id ?? null;
}

/** Every step of the service, newest first, with the requester's address. */
export async function stepsOfService(db: Db, serviceId: string) {
  return db.selectFrom('hosting_steps as st')
    .select((eb) => [
      'st.id', 'st.action', 'st.status', 'st.created_at', 'st.finished_at', 'st.attempts', 'st.last_error', 'st.resolution_note', 'st.input',
      'st.requested_by', userEmail(eb, eb.ref('st.requested_by')).as('requested_by_email'),
    ])
    .where('st.service_id', '=', serviceId).orderBy('st.created_at', 'desc').orderBy('st.id', 'desc').execute();
}

export const isOpenStep = (status: string) => (OPEN_STEP_STATUSES as readonly string[]).includes(status);
