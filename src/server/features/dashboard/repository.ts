import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The account and its open-ticket count in one round trip; the count is answered from tickets_account_status. */
export async function findAccountWithOpenTicketCount(db: Db, accountId: string) {
  return db.selectFrom('accounts as a')
    .select((eb) => [
      'a.id', 'a.name', 'a.status',
      eb.selectFrom('tickets as t').select((c) => c.fn.countAll<number>().as('n'))
        .where('t.account_id', '=', accountId).where('t.status', '=', 'open')
        .as('open_ticket_count'),
    ])
    .where('a.id', '=', accountId)
    .executeTakeFirst();
}

/** The most recent invoice, read backwards on invoices_account_date. */
export async function findLastInvoice(db: Db, accountId: string) {
  return db.selectFrom('invoices').select(['amount_cents', 'currency', 'invoice_date'])
    .where('account_id', '=', accountId)
    .orderBy('invoice_date', 'desc').orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
