import type { Expression } from 'kysely';
import type { Db } from '../../../db/transaction.ts';
import { accountBillingEmail, accountName, accountOwnerId } from '../../../access/fragments.ts';
import { userEmail } from '../../../auth/fragments.ts';
import type { FragmentScope } from '../../../db/fragment.ts';

/**
 * The daily expiry job's queries (Kysely only). Domains are read in keyset pages of
 * (expiration_date, id), the order of the `domains_expiration` index, so a run over many
 * thousands of domains never holds them all nor skips one.
 */
export const EXPIRY_BATCH_SIZE = 500;

/** Page position: the last row's expiry and id. */
export interface ExpiryCursor {
  expiresAt: string;
  id: string;
}

export const cursorOf = (row: { expiration_date: string | null; id: string }): ExpiryCursor =>
  ({ expiresAt: row.expiration_date!, id: row.id });

/** Active domains whose expiry has passed: marked expired one batch at a time (each batch leaves the set). */
export async function markExpiredBatch(db: Db, nowIso: string, limit: number) {
  const due = await db.selectFrom('domains').select('id')
    .where('status', '=', 'active').where('expiration_date', '<', nowIso)
    .orderBy('expiration_date').orderBy('id').limit(limit).execute();
  if (due.length === 0) return { found: 0, marked: [] };
  // The status condition again: a renewal or a sync that made one active again since the read keeps it.
  const marked = await db.updateTable('domains').set({ status: 'expired', updated_at: nowIso })
    .where('id', 'in', due.map((d) => d.id)).where('status', '=', 'active').where('expiration_date', '<', nowIso)
    .returning(['id', 'name', 'account_id', 'expiration_date']).execute();
  return { found: due.length, marked };
}

/** Where a domain's mail goes: its account's name, billing e-mail and owner's address (tenancy's and identity's fragments). */
function recipientColumns(eb: FragmentScope, accountId: Expression<string | null>) {
  // An unassigned domain (no account) simply reads nulls.
  const account = accountId as Expression<string>;
  return [
    accountName(eb, account).as('account_name'),
    accountBillingEmail(eb, account).as('billing_email'),
    userEmail(eb, accountOwnerId(eb, account)).as('owner_email'),
  ] as const;
}

/** Active domains expiring in (from, to], after the cursor, with where their billing mail goes. */
export async function expiringDomainsPage(db: Db, range: { from: string; to: string; autoRenewOnly: boolean }, after: ExpiryCursor | null, limit: number) {
  return db.selectFrom('domains as d')
    .select((eb) => [
      'd.id', 'd.name', 'd.tld', 'd.account_id', 'd.expiration_date', 'd.auto_renew', 'd.privacy', 'd.supplier_id', ...recipientColumns(eb, eb.ref('d.account_id')),
    ])
    .where('d.status', '=', 'active')
    // Unassigned domains have nobody to remind or charge; a hand-managed one is renewed by hand.
    .where('d.account_id', 'is not', null)
    .$if(range.autoRenewOnly, (q) => q.where('d.management_mode', '=', 'api'))
    .where('d.expiration_date', '>', range.from).where('d.expiration_date', '<=', range.to)
    .$if(range.autoRenewOnly, (q) => q.where('d.auto_renew', '=', true))
    .$if(after !== null, (q) => q.where((eb) => eb.or([
      eb('d.expiration_date', '>', after!.expiresAt),
      eb.and([eb('d.expiration_date', '=', after!.expiresAt), eb('d.id', '>', after!.id)]),
    ])))
    .orderBy('d.expiration_date').orderBy('d.id')
    .$narrowType<{ account_id: string }>()
    .limit(limit)
    .execute();
}

export type ExpiringDomain = Awaited<ReturnType<typeof expiringDomainsPage>>[number];

/** The reminders already recorded for these domains (any expiry; the caller matches the current one). */
export async function noticesOf(db: Db, domainIds: string[]) {
  if (domainIds.length === 0) return [];
  return db.selectFrom('domain_expiry_notices').select(['domain_id', 'expiration_date', 'days_before'])
    .where('domain_id', 'in', domainIds).execute();
}

/** Records a reminder; answers false when it was recorded before (a rerun, or a concurrent run). */
export async function recordNotice(db: Db, notice: { domainId: string; expiresAt: string; daysBefore: number; nowIso: string }): Promise<boolean> {
  const inserted = await db.insertInto('domain_expiry_notices')
    .values({ domain_id: notice.domainId, expiration_date: notice.expiresAt, days_before: notice.daysBefore, sent_at: notice.nowIso })
    .onConflict((oc) => oc.columns(['domain_id', 'expiration_date', 'days_before']).doNothing())
    .returning('domain_id').executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Takes the domain for an automatic renewal if it still qualifies: a no-op UPDATE, so on
 * PostgreSQL the row stays locked until the transaction ends and two runs cannot both find
 * "no open order" and create one each (SQLite has a single writer anyway).
 */
export async function claimRenewalCandidate(db: Db, domainId: string, range: { from: string; to: string }): Promise<boolean> {
  const claimed = await db.updateTable('domains').set((eb) => ({ auto_renew: eb.ref('auto_renew') }))
    .where('id', '=', domainId).where('status', '=', 'active').where('auto_renew', '=', true)
    .where('expiration_date', '>', range.from).where('expiration_date', '<=', range.to)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) > 0;
}

/** Every renewal order of the domain, for the rules of renewalBlocker. */
export async function renewalOrdersOf(db: Db, domainId: string) {
  return db.selectFrom('domain_orders')
    .select(['id', 'status', 'payment_status', 'renews_from', 'admin_action_required', 'user_id', 'ordered_by', 'checkout_session_id', 'created_at', 'updated_at'])
    .where('domain_id', '=', domainId).where('kind', '=', 'renewal')
    .execute();
}

/** Automatic renewal orders created but not yet charged or failed (a run ended between the two). */
export async function unfinishedAutomaticRenewals(db: Db, orderedBy: string) {
  return db.selectFrom('domain_orders').selectAll()
    .where('kind', '=', 'renewal').where('status', '=', 'pending_payment')
    .where('ordered_by', '=', orderedBy).where('user_id', 'is', null).where('checkout_session_id', 'is', null)
    .orderBy('created_at').orderBy('id')
    .execute();
}

/**
 * Paid automatic renewals the registrar refused, which the job retries at the registrar (not
 * at the card) until its bound, then refunds. An operator's flag takes an order out of this.
 */
export async function refusedAutomaticRenewals(db: Db, orderedBy: string) {
  return db.selectFrom('domain_orders as o').leftJoin('domains as d', 'd.id', 'o.domain_id')
    .selectAll('o').select('d.expiration_date as domain_expires_at')
    .where('o.kind', '=', 'renewal').where('o.status', '=', 'failed').where('o.payment_status', '=', 'paid')
    .where('o.admin_action_required', '=', false)
    .where('o.ordered_by', '=', orderedBy).where('o.user_id', 'is', null)
    .orderBy('o.created_at').orderBy('o.id')
    .execute();
}

/** The domain an order renews, with where the account's billing mail goes. */
export async function renewedDomainWithContact(db: Db, domainId: string) {
  return db.selectFrom('domains as d')
    .select((eb) => ['d.name', 'd.expiration_date', ...recipientColumns(eb, eb.ref('d.account_id'))])
    .where('d.id', '=', domainId)
    .executeTakeFirst();
}
