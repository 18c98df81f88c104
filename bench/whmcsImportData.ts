/**
 * The WHMCS import bench's data: accounts to map clients to, and an export of N domain rows.
 *
 * - Account `acc-<k>` (k = 1..accounts) is owned by user `user-<k>` (client-<k>@example.test);
 *   every even account also has the billing e-mail billing-<k>@example.test.
 * - Row i's client is k = (i % (accounts + accounts / 10)) + 1: even k by billing e-mail, odd k
 *   by the owner's address, and one client in eleven (k > accounts) is unknown (unassigned).
 * - The rows carry the tbldomains columns a real export has (bench/whmcsCsvData.ts) plus the
 *   client's e-mail, with quoted notes holding commas, quotes and CRLF, IDNs, formula-looking
 *   cells, a BOM, and one row in ten Cancelled or Transferred Away (skipped).
 * Deterministic, so runs compare.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../src/server/db/schema.ts';

const HEADER = [
  'id', 'userid', 'email', 'orderid', 'type', 'registrationdate', 'domain', 'firstpaymentamount', 'recurringamount', 'registrar',
  'registrationperiod', 'expirydate', 'status', 'nextduedate', 'additionalnotes', 'paymentmethod', 'dnsmanagement', 'idprotection',
  'donotrenew', 'created_at', 'updated_at',
];
const STATUSES = ['Active', 'Active', 'Active', 'Pending', 'Pending Transfer', 'Grace', 'Expired', 'Active', 'Cancelled', 'Fraud', 'Transferred Away'];
const TLDS = ['com', 'net', 'org', 'de', 'io', 'co.uk'];
const REGISTRARS = ['enom', 'namecheap', 'dynadot', '', 'opensrs'];
const NOTES = ['', '', 'VIP, call before renewal', '"Legacy" client\r\nmoved 2019', '=SUM(A1:A2)', '@mention'];

const pad = (n: number) => String(n).padStart(2, '0');
const date = (i: number, year: number) => `${year}-${pad((i % 12) + 1)}-${pad((i % 28) + 1)}`;
const quote = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);

export const clientEmail = (k: number) => (k % 2 === 0 ? `billing-${k}@example.test` : `client-${k}@example.test`);

export function whmcsImportCsv(rows: number, accounts: number): string {
  const clients = accounts + Math.ceil(accounts / 10);
  const lines = [`\uFEFF${HEADER.join(',')}`];
  for (let i = 1; i <= rows; i++) {
    const k = (i % clients) + 1;
    const name = i % 50 === 0 ? `bücher-${i}` : `domain-${i}`;
    lines.push([
      String(i), String(k), clientEmail(k), String(i + 100), i % 3 === 0 ? 'Transfer' : 'Register', date(i, 2015 + (i % 8)),
      `${name}.${TLDS[i % TLDS.length]}`, '10.95', '12.95', REGISTRARS[i % REGISTRARS.length], '1', date(i, 2026 + (i % 3)),
      STATUSES[i % STATUSES.length], date(i, 2026 + (i % 3)), NOTES[i % NOTES.length], 'stripe', '1', String(i % 2),
      String(i % 7 === 0 ? 1 : 0), '2020-01-01 10:00:00', '2024-05-06 11:12:13',
    ].map(quote).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The accounts and their owners, in multi-row inserts; the suppliers a WHMCS export names (enom, namecheap, dynadot). */
export async function seedImportAccounts(db: Kysely<Database>, accounts: number): Promise<void> {
  const now = new Date().toISOString();
  for (let from = 1; from <= accounts; from += 500) {
    const ks = Array.from({ length: Math.min(500, accounts - from + 1) }, (_, j) => from + j);
    await db.insertInto('users').values(ks.map((k) => ({
      id: `user-${k}`, name: `Client ${k}`, email: `client-${k}@example.test`, email_verified: true, role: 'user' as const, created_at: now, updated_at: now,
    }))).execute();
    await db.insertInto('accounts').values(ks.map((k) => ({
      id: `acc-${k}`, name: `Client ${k} Ltd`, status: 'active' as const, owner_id: `user-${k}`,
      billing_email: k % 2 === 0 ? `billing-${k}@example.test` : null, created_at: now, updated_at: now,
    }))).execute();
  }
  await db.insertInto('domain_suppliers').values(['enom', 'namecheap', 'dynadot'].map((id) => ({ id, name: id, is_active: false })))
    .onConflict((oc) => oc.column('id').doNothing()).execute();
}
