/**
 * Builds the benchmark database: the real migrations, then a large data set written straight
 * through better-sqlite3 (prepared statements, big transactions).
 *
 *   npm run bench:generate -- [--file bench/.data/portal.sqlite] [--scale 1] [--seed 1]
 *
 * Scale 1: 10,000 accounts, 100,000 users, 1,000,000 tickets, about 20,000 domains (10,000 of
 * them in the bench account at every scale). --scale 0.01 builds a hundredth of the rest for a
 * quick smoke test. Every user can sign in with BENCH_PASSWORD.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { passwordHasher } from '../src/server/auth/password.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { BENCH_EMAIL, BENCH_PASSWORD, DEFAULT_DATABASE_FILE, positiveNumber, readFlags } from './benchFlags.ts';
import {
  companyName, domainLabel, intBetween, personName, pick, type Random, seededRandom, ticketDescription, ticketSubject,
} from './fakeText.ts';

const DAY_MS = 86_400_000;
const NOW = Date.now();
const BATCH_ROWS = 50_000;

/** The bench user (user 0, owner of account 0) and the account the dashboard benchmark reads. */
const BENCH_USER_TICKETS = 200;
const BENCH_USER_OPEN = 100;
const BENCH_ACCOUNT_OPEN = 500;
const BENCH_ACCOUNT_OTHER_CLOSED = 300;
/** Users 1..5 (heavy1..heavy5@example.com) carry many more tickets, for manual runs with --email. */
const HEAVY_USERS = 5;
const HEAVY_TICKETS_AT_SCALE_1 = 2_000;
/** The bench account's domains, the same at every scale: the list of /domains at its largest. */
const BENCH_ACCOUNT_DOMAINS = 10_000;
/** Other accounts: about one in three holds 1 to 5 domains. */
const ACCOUNTS_WITH_DOMAINS = 1 / 3;
const DOMAIN_TLDS = ['com', 'com', 'com', 'net', 'org', 'io', 'dev', 'app', 'co.uk'];
const SANDBOX_NAMESERVERS = JSON.stringify(['ns1.sandbox-dns.test', 'ns2.sandbox-dns.test']);

interface Sizes { accounts: number; users: number; tickets: number }

interface Plan {
  sizes: Sizes;
  accountIds: string[];
  userIds: string[];
  userCreated: Float64Array;
  /** A second account for about one user in ten (-1: none); the first is always account `i % accounts`. */
  secondAccount: Int32Array;
  heavyTickets: number;
}

const flags = readFlags(process.argv.slice(2), { file: DEFAULT_DATABASE_FILE, scale: '1', seed: '1' });
const scale = positiveNumber(flags, 'scale');
const file = flags.file;
const random = seededRandom(Math.floor(positiveNumber(flags, 'seed')));
const started = performance.now();

function elapsed(from = started): string {
  return `${((performance.now() - from) / 1000).toFixed(1)} s`;
}

function log(line: string) {
  console.log(`[${elapsed().padStart(7)}] ${line}`);
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function sizesFor(s: number): Sizes {
  const accounts = Math.max(10, Math.round(10_000 * s));
  return {
    accounts,
    // Account j is owned by user j, so there are always more users than accounts.
    users: Math.max(accounts * 10, Math.round(100_000 * s)),
    tickets: Math.max(1_000, Math.round(1_000_000 * s)),
  };
}

async function migrate(path: string) {
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true });
  const database = openDatabase({ sqliteFile: path, dataDir: dirname(path) });
  const applied = await migrateToLatest(database.db);
  await database.close();
  log(`migrated ${path} (${applied.join(', ')})`);
}

/** Secondary indexes are dropped during the load and rebuilt once, from the migration's own SQL. */
function dropSecondaryIndexes(sqlite: SQLite.Database): { name: string; sql: string }[] {
  const indexes = sqlite.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL
    AND tbl_name IN ('users', 'auth_identity', 'accounts', 'account_members', 'tickets', 'invoices', 'domains')`).all() as { name: string; sql: string }[];
  for (const index of indexes) sqlite.exec(`DROP INDEX "${index.name}"`);
  return indexes;
}

function bulkInsert(sqlite: SQLite.Database, table: string, columns: string[], total: number, rows: Iterable<unknown[]>) {
  const from = performance.now();
  const statement = sqlite.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  const iterator = rows[Symbol.iterator]();
  let written = 0;
  let done = false;
  const batch = sqlite.transaction(() => {
    for (let n = 0; n < BATCH_ROWS; n++) {
      const next = iterator.next();
      if (next.done) {
        done = true;
        return;
      }
      statement.run(next.value);
      written++;
    }
  });
  const step = Math.max(BATCH_ROWS, Math.ceil(total / 10 / BATCH_ROWS) * BATCH_ROWS);
  while (!done) {
    batch();
    if (!done && written % step === 0) log(`  ${table}: ${written.toLocaleString('en')} / ${total.toLocaleString('en')}`);
  }
  log(`${table}: ${written.toLocaleString('en')} rows in ${elapsed(from)}`);
}

function plan(sizes: Sizes): Plan {
  const userCreated = new Float64Array(sizes.users);
  // Users signed up over the last three years; the bench and heavy users are the oldest.
  for (let i = 0; i < sizes.users; i++) {
    userCreated[i] = i <= HEAVY_USERS ? NOW - 3 * 365 * DAY_MS : NOW - Math.floor(random() * 3 * 365 * DAY_MS);
  }
  const secondAccount = new Int32Array(sizes.users).fill(-1);
  for (let i = sizes.accounts; i < sizes.users; i++) {
    if (random() >= 0.1) continue;
    const other = Math.floor(random() * sizes.accounts);
    if (other !== i % sizes.accounts) secondAccount[i] = other;
  }
  return {
    sizes,
    accountIds: Array.from({ length: sizes.accounts }, () => randomUUID()),
    userIds: Array.from({ length: sizes.users }, () => randomUUID()),
    userCreated,
    secondAccount,
    heavyTickets: Math.max(20, Math.round(HEAVY_TICKETS_AT_SCALE_1 * scale)),
  };
}

function emailOf(i: number): string {
  if (i === 0) return BENCH_EMAIL;
  if (i <= HEAVY_USERS) return `heavy${i}@example.com`;
  return `user${i}@example.com`;
}

function* accountRows(p: Plan) {
  for (let j = 0; j < p.sizes.accounts; j++) {
    const created = iso(p.userCreated[j]);
    const name = j === 0 ? 'Bench Hosting Ltd' : companyName(random, j);
    const status = random() < 0.97 ? 'active' : 'closed';
    yield [p.accountIds[j], name, status, p.userIds[j], name, emailOf(j), null, null, null, created, created];
  }
}

function* userRows(p: Plan) {
  for (let i = 0; i < p.sizes.users; i++) {
    const created = iso(p.userCreated[i]);
    const name = i === 0 ? 'Bench User' : personName(random);
    yield [p.userIds[i], name, emailOf(i), 1, null, 'user', null, p.accountIds[i % p.sizes.accounts], created, created];
  }
}

// One scrypt hash reused for every user: this is a benchmark data set, and hashing 100,000
// passwords at N=2^17 would take hours. Each user still signs in through the real hasher.
function* identityRows(p: Plan, passwordHash: string) {
  for (let i = 0; i < p.sizes.users; i++) {
    const created = iso(p.userCreated[i]);
    yield [randomUUID(), p.userIds[i], 'credential', p.userIds[i], passwordHash, created, created];
  }
}

function* membershipRows(p: Plan) {
  for (let i = 0; i < p.sizes.users; i++) {
    const j = i % p.sizes.accounts;
    const role = i === j ? 'account_owner' : random() < 0.15 ? 'super_admin' : 'member';
    yield [p.accountIds[j], p.userIds[i], role, iso(Math.max(p.userCreated[i], p.userCreated[j]))];
    const k = p.secondAccount[i];
    if (k >= 0) yield [p.accountIds[k], p.userIds[i], random() < 0.3 ? 'super_admin' : 'member', iso(NOW - Math.floor(random() * 365 * DAY_MS))];
  }
}

function* invoiceRows(p: Plan) {
  for (let j = 0; j < p.sizes.accounts; j++) {
    const count = intBetween(random, 1, 6);
    const latest = NOW - Math.floor(random() * 30 * DAY_MS);
    for (let n = 0; n < count; n++) {
      const date = iso(latest - n * 30 * DAY_MS);
      yield [randomUUID(), p.accountIds[j], date, intBetween(random, 999, 49_999), 'USD', 'paid', date];
    }
  }
}

function ticketRow(p: Plan, r: Random, user: number, account: number, status: string, n: number): unknown[] {
  const since = p.userCreated[user];
  const created = since + Math.floor(r() * (NOW - since));
  const updated = Math.min(NOW, created + Math.floor(r() * 5 * DAY_MS));
  const priority = r() < 0.3 ? 'low' : r() < 0.72 ? 'medium' : 'high';
  return [randomUUID(), p.accountIds[account], p.userIds[user], ticketSubject(r, n), ticketDescription(r), priority, status,
    iso(created), iso(updated)];
}

function randomStatus(r: Random): string {
  const x = r();
  return x < 0.2 ? 'open' : x < 0.3 ? 'in_progress' : 'closed';
}

/** Fixed shapes first (bench user, bench account, heavy users), then the rest spread at random. */
function* ticketRows(p: Plan) {
  const { accounts, users } = p.sizes;
  let n = 0;
  for (let t = 0; t < BENCH_USER_TICKETS; t++) yield ticketRow(p, random, 0, 0, t < BENCH_USER_OPEN ? 'open' : 'closed', n++);
  const colleagues: number[] = [];
  for (let i = 1; i < users; i++) if (i % accounts === 0 || p.secondAccount[i] === 0) colleagues.push(i);
  if (colleagues.length === 0) colleagues.push(0);
  const colleagueOpen = BENCH_ACCOUNT_OPEN - BENCH_USER_OPEN;
  for (let t = 0; t < colleagueOpen + BENCH_ACCOUNT_OTHER_CLOSED; t++) {
    yield ticketRow(p, random, colleagues[t % colleagues.length], 0, t < colleagueOpen ? 'open' : 'closed', n++);
  }
  for (let h = 1; h <= HEAVY_USERS; h++) {
    for (let t = 0; t < p.heavyTickets; t++) yield ticketRow(p, random, h, h, random() < 0.5 ? 'open' : 'closed', n++);
  }
  // Everyone else; account 0 is left out so its open count stays exactly BENCH_ACCOUNT_OPEN.
  while (n < p.sizes.tickets) {
    const user = intBetween(random, HEAVY_USERS + 1, users - 1);
    const second = p.secondAccount[user];
    const account = second >= 0 && random() < 0.2 ? second : user % accounts;
    if (account === 0) continue;
    yield ticketRow(p, random, user, account, randomStatus(random), n++);
  }
}

function ticketTotal(p: Plan): number {
  const fixed = BENCH_USER_TICKETS + BENCH_ACCOUNT_OPEN - BENCH_USER_OPEN + BENCH_ACCOUNT_OTHER_CLOSED + HEAVY_USERS * p.heavyTickets;
  return Math.max(fixed, p.sizes.tickets);
}

function domainContacts(r: Random, email: string): string {
  const [firstName, lastName] = personName(r).split(' ');
  const contact = {
    firstName, lastName, organization: null, email, phone: `+1.555${String(intBetween(r, 0, 9_999_999)).padStart(7, '0')}`,
    address1: `${intBetween(r, 1, 400)} Main Street`, address2: null, city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US',
  };
  return JSON.stringify({ registrant: contact, admin: contact, tech: contact, billing: contact });
}

/**
 * A domain as the registration job and Sync leave it. Most are active and expire within two
 * years (about 4 % within 30 days); expired ones lapsed in the last 90 days; pending ones are
 * registrations still running, with no dates yet (so the date sorts have rows without a value).
 */
function domainRow(p: Plan, account: number, n: number): unknown[] {
  const tld = pick(random, DOMAIN_TLDS);
  const x = random();
  const status = x < 0.85 ? 'active' : x < 0.92 ? 'expired' : x < 0.97 ? 'pending' : 'suspended';
  const registered = status === 'pending' ? null : NOW - Math.floor(random() * 10 * 365 * DAY_MS);
  const expires = registered === null ? null
    : status === 'expired' ? NOW - Math.floor(random() * 90 * DAY_MS) : NOW + Math.floor(random() * 2 * 365 * DAY_MS);
  const created = registered ?? NOW - Math.floor(random() * 7 * DAY_MS);
  const synced = registered !== null && random() < 0.8 ? iso(NOW - Math.floor(random() * 30 * DAY_MS)) : null;
  return [
    randomUUID(), p.accountIds[account], `${domainLabel(random, n)}.${tld}`, tld, status, 'sandbox',
    registered === null ? null : `SBX-${randomBytes(6).toString('hex').toUpperCase()}`,
    registered === null ? null : iso(registered), expires === null ? null : iso(expires),
    random() < 0.7 ? 1 : 0, random() < 0.9 ? 1 : 0, random() < 0.4 ? 1 : 0, SANDBOX_NAMESERVERS,
    registered === null ? null : domainContacts(random, emailOf(account)), null, synced, iso(created), synced ?? iso(created),
  ];
}

function* domainRows(p: Plan) {
  let n = 0;
  for (let d = 0; d < BENCH_ACCOUNT_DOMAINS; d++) yield domainRow(p, 0, n++);
  for (let j = 1; j < p.sizes.accounts; j++) {
    if (random() >= ACCOUNTS_WITH_DOMAINS) continue;
    for (let d = intBetween(random, 1, 5); d > 0; d--) yield domainRow(p, j, n++);
  }
}

async function main() {
  const sizes = sizesFor(scale);
  log(`scale ${scale}: ${sizes.accounts.toLocaleString('en')} accounts, ${sizes.users.toLocaleString('en')} users, `
    + `${sizes.tickets.toLocaleString('en')} tickets -> ${file}`);
  await migrate(file);

  const sqlite = new SQLite(file);
  // Safe only because the file is rebuilt from scratch on every run: a crash means re-running.
  sqlite.pragma('journal_mode = OFF');
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -262144');
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma('foreign_keys = OFF');
  const indexes = dropSecondaryIndexes(sqlite);

  const hashFrom = performance.now();
  const passwordHash = await passwordHasher(2 ** 17).hash(BENCH_PASSWORD);
  log(`one scrypt N=2^17 password hash in ${elapsed(hashFrom)}`);

  const p = plan(sizes);
  p.sizes.tickets = ticketTotal(p);
  bulkInsert(sqlite, 'users', ['id', 'name', 'email', 'email_verified', 'image', 'role', 'phone_number', 'active_account_id',
    'created_at', 'updated_at'], sizes.users, userRows(p));
  bulkInsert(sqlite, 'auth_identity', ['id', 'account_id', 'provider_id', 'user_id', 'password', 'created_at', 'updated_at'],
    sizes.users, identityRows(p, passwordHash));
  bulkInsert(sqlite, 'accounts', ['id', 'name', 'status', 'owner_id', 'billing_name', 'billing_email', 'billing_address', 'tax_id',
    'stripe_customer_id', 'created_at', 'updated_at'], sizes.accounts, accountRows(p));
  bulkInsert(sqlite, 'account_members', ['account_id', 'user_id', 'role', 'joined_at'], Math.round(sizes.users * 1.1),
    membershipRows(p));
  bulkInsert(sqlite, 'invoices', ['id', 'account_id', 'invoice_date', 'amount_cents', 'currency', 'status', 'created_at'],
    Math.round(sizes.accounts * 3.5), invoiceRows(p));
  bulkInsert(sqlite, 'tickets', ['id', 'account_id', 'user_id', 'subject', 'description', 'priority', 'status', 'created_at',
    'updated_at'], p.sizes.tickets, ticketRows(p));
  sqlite.prepare("INSERT INTO domain_suppliers (id, name, is_active, created_at) VALUES ('sandbox', 'Sandbox', 1, ?) ON CONFLICT (id) DO NOTHING")
    .run(iso(NOW));
  bulkInsert(sqlite, 'domains', ['id', 'account_id', 'name', 'tld', 'status', 'supplier_id', 'registration_id', 'registration_date',
    'expiration_date', 'auto_renew', 'locked', 'privacy', 'nameservers', 'contacts', 'notes', 'last_synced_at', 'created_at', 'updated_at'],
  BENCH_ACCOUNT_DOMAINS + Math.round(sizes.accounts), domainRows(p));

  const indexFrom = performance.now();
  for (const index of indexes) sqlite.exec(index.sql);
  log(`rebuilt ${indexes.length} indexes (${indexes.map((i) => i.name).join(', ')}) in ${elapsed(indexFrom)}`);

  const checkFrom = performance.now();
  const broken = sqlite.pragma('foreign_key_check') as unknown[];
  if (broken.length) throw new Error(`foreign_key_check found ${broken.length} broken references, e.g. ${JSON.stringify(broken[0])}`);
  log(`foreign keys checked in ${elapsed(checkFrom)}`);

  report(sqlite, p);
  sqlite.pragma('journal_mode = WAL');
  sqlite.close();
  log(`done: ${file} (${(statSync(file).size / 1024 / 1024).toFixed(0)} MiB) in ${elapsed()}`);
  log(`sign in as ${BENCH_EMAIL} / ${BENCH_PASSWORD} (heavy1..${HEAVY_USERS}@example.com and userN@example.com share the password)`);
}

function report(sqlite: SQLite.Database, p: Plan) {
  const count = (sql: string, ...params: unknown[]) => (sqlite.prepare(sql).get(...params) as { n: number }).n;
  const tables = ['accounts', 'users', 'auth_identity', 'account_members', 'invoices', 'tickets', 'domains'];
  log(`rows: ${tables.map((t) => `${t} ${count(`SELECT count(*) AS n FROM ${t}`).toLocaleString('en')}`).join(', ')}`);
  log(`bench user: ${count('SELECT count(*) AS n FROM tickets WHERE user_id = ?', p.userIds[0])} tickets; `
    + `bench account: ${count("SELECT count(*) AS n FROM tickets WHERE account_id = ? AND status = 'open'", p.accountIds[0])} open tickets, `
    + `${count('SELECT count(*) AS n FROM account_members WHERE account_id = ?', p.accountIds[0])} members; `
    + `heavy users: ${p.heavyTickets} tickets each`);
  const byStatus = sqlite.prepare('SELECT status, count(*) AS n FROM domains WHERE account_id = ? GROUP BY status ORDER BY status').all(p.accountIds[0]) as { status: string; n: number }[];
  log(`bench account domains: ${byStatus.map((row) => `${row.status} ${row.n}`).join(', ')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
