import { sql } from 'kysely';
import type { Db } from '../db/transaction.ts';
import { userAddresses } from '../auth/fragments.ts';

/** Addresses per statement: far below SQLite's and PostgreSQL's parameter limits. */
const EMAILS_PER_QUERY = 500;

/**
 * The accounts each e-mail address names (lower-cased addresses in, ids out): an account's
 * billing e-mail, or else its owner's sign-in address. An address several accounts share maps to
 * all of them, so the caller can see the ambiguity. The WHMCS import maps its clients with it.
 */
export async function accountsByEmail(db: Db, emails: readonly string[]): Promise<Map<string, string[]>> {
  const byBilling = new Map<string, string[]>();
  const byOwner = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, email: string, id: string) => { map.set(email, [...(map.get(email) ?? []), id]); };
  for (let i = 0; i < emails.length; i += EMAILS_PER_QUERY) {
    const chunk = emails.slice(i, i + EMAILS_PER_QUERY);
    const billing = await db.selectFrom('accounts').select(['id', sql<string>`lower(billing_email)`.as('email')])
      .where(sql`lower(billing_email)`, 'in', chunk).orderBy('id').execute();
    for (const row of billing) add(byBilling, row.email, row.id);
    const owned = await db.selectFrom('accounts as a').innerJoin((eb) => userAddresses(eb).as('u'), (join) => join.onRef('u.id', '=', 'a.owner_id'))
      .select(['a.id', sql<string>`lower(u.email)`.as('email')])
      .where(sql`lower(u.email)`, 'in', chunk).orderBy('a.id').execute();
    for (const row of owned) add(byOwner, row.email, row.id);
  }
  const found = new Map<string, string[]>();
  for (const email of emails) {
    const ids = byBilling.get(email) ?? byOwner.get(email);
    if (ids) found.set(email, ids);
  }
  return found;
}

/** Account names by id, for labels beside ids. */
export async function accountNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (let i = 0; i < ids.length; i += EMAILS_PER_QUERY) {
    const rows = await db.selectFrom('accounts').select(['id', 'name']).where('id', 'in', ids.slice(i, i + EMAILS_PER_QUERY)).execute();
    for (const row of rows) names.set(row.id, row.name);
  }
  return names;
}
