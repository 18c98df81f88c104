/**
 * A customer's submitTicket on SQLite while an operator's product save waits on a slow Stripe
 * (the local fake holds its answer for --stripe-ms), against the same calls with no save in
 * flight (issue 17: no transaction stays open across the call). Prints numbers only.
 * Usage: node --import tsx bench/slowProviderSave.bench.ts [--calls 200] [--stripe-ms 3000]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { startFakeStripe, stripeModeEnv } from '../test/support/payments/fakeStripe.ts';
import { positiveNumber, readFlags } from './benchFlags.ts';
import { TICKETS_PER_ACCOUNT_PER_DAY } from '../src/common/tickets/quota.ts';

const flags = readFlags(process.argv.slice(2), { calls: '200', 'stripe-ms': '3000' });
const CALLS = positiveNumber(flags, 'calls');
const STRIPE_MS = positiveNumber(flags, 'stripe-ms');
const ORIGIN = 'http://localhost:3000';
let nextAccount = 0;

const stripe = await startFakeStripe();
const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-slow-save-'));
const database = openDatabase({ dataDir });
await migrateToLatest(database.db);
const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, LOG_LEVEL: 'silent', FUNCTION_RATE_LIMITS: 'off', ...stripeModeEnv(stripe) },
  { AUTH_SECRET: randomBytes(48).toString('base64url'), passwordHashCost: 2 ** 10 });
const portal = await buildApp({ config, database, logger: false });

async function call(name: string, data: unknown, token: string) {
  const res = await portal.app.inject({
    method: 'POST', url: `/api/fn/${name}`, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, payload: { data },
  });
  if (res.statusCode !== 200) throw new Error(`${name} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return res.json().result;
}

async function signUp(): Promise<{ id: string; token: string }> {
  const suffix = randomBytes(5).toString('hex');
  const res = await portal.app.inject({
    method: 'POST', url: '/api/auth/sign-up/email', headers: { 'content-type': 'application/json', origin: ORIGIN },
    payload: { name: `Bench ${suffix}`, email: `bench-${suffix}@example.test`, password: 'correct horse battery' },
  });
  const json = res.json();
  return { id: json.user.id, token: json.token };
}

/**
 * The customer's accounts, enough that no account opens more tickets a day than its quota allows
 * (three runs of CALLS tickets, spread over them in turn).
 */
async function customerAccounts(token: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < Math.ceil((3 * CALLS) / TICKETS_PER_ACCOUNT_PER_DAY); i++) {
    ids.push((await call('createAccount', { accountName: `Bench customer ${i + 1}` }, token)).account.id);
  }
  return ids;
}

/** Latencies (ms) of sequential ticket calls; with `until`, only the calls started before it settled. */
async function ticketLatencies(token: string, accountIds: string[], until?: Promise<unknown>) {
  let settled = false;
  void until?.finally(() => { settled = true; });
  const latencies: number[] = [];
  for (let i = 0; i < CALLS && !settled; i++) {
    const accountId = accountIds[nextAccount++ % accountIds.length];
    const start = performance.now();
    await call('submitTicket', { subject: `Bench ${i}`, description: 'Measured.', priority: 'low', accountId }, token);
    latencies.push(performance.now() - start);
  }
  return latencies;
}

function report(label: string, latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
  console.log(`${label.padEnd(44)} ${String(sorted.length).padStart(4)} calls  median ${at(0.5).padStart(7)} ms  p99 ${at(0.99).padStart(7)} ms  max ${sorted.at(-1)!.toFixed(1).padStart(7)} ms`);
}

try {
  const [operator, customer] = [await signUp(), await signUp()];
  await database.db.updateTable('users').set({ role: 'super_admin' }).where('id', '=', operator.id).execute();
  const accounts = await customerAccounts(customer.token);
  await ticketLatencies(customer.token, accounts);
  report('submitTicket, no save in flight', await ticketLatencies(customer.token, accounts));

  const hold = stripe.hold('POST', '/v1/products', STRIPE_MS);
  const save = call('adminSaveProduct', { name: 'Bench slow save' }, operator.token);
  await hold.arrived;
  report(`submitTicket, Stripe answering in ${STRIPE_MS} ms`, await ticketLatencies(customer.token, accounts, save));
  hold.release();
  await save;
} finally {
  await portal.close();
  await database.close();
  await stripe.close();
  rmSync(dataDir, { recursive: true, force: true });
}
