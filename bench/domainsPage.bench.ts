/**
 * /domains for an account holding 10,000 domains, in Chromium against the production build:
 * how long until the first rows show, until Load more, a search and a sort have answered, how
 * many rows the page holds, and the main thread's long tasks meanwhile. Prints numbers only.
 * Usage: npm run build && node --import tsx bench/domainsPage.bench.ts [--domains 10000] [--runs 5]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { inTransaction } from '../src/server/db/transaction.ts';
import { insertDomain } from '../src/server/features/domains/records.ts';
import { seedSandboxSupplier } from '../test/support/domains/suppliers.ts';
import { readFlags } from './benchFlags.ts';

const HOST = '127.0.0.1';
const flags = readFlags(process.argv.slice(2), { domains: '10000', runs: '5' });
const DOMAINS = Number(flags.domains);
const RUNS = Number(flags.runs);
const DAY = 86_400_000;
const STATUSES = ['active', 'active', 'active', 'active', 'expired', 'pending', 'suspended'] as const;

const freePort = () => new Promise<number>((resolve) => {
  const probe = createServer().listen(0, HOST, () => {
    const { port } = probe.address() as AddressInfo;
    probe.close(() => resolve(port));
  });
});

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return response.json();
}

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-domains-page-'));
const database = openDatabase({ dataDir });
await migrateToLatest(database.db);
const port = await freePort();
const base = `http://${HOST}:${port}`;
const config = loadConfig({ PORT: String(port), HOST, DATA_DIR: dataDir, PUBLIC_URL: base, LOG_LEVEL: 'silent', FUNCTION_RATE_LIMITS: 'off' },
  { AUTH_SECRET: randomBytes(48).toString('base64url'), passwordHashCost: 2 ** 10 });
const portal = await buildApp({ config, database, logger: false, runWorkers: false, webRoot: join(import.meta.dirname, '..', 'dist', 'web') });
await portal.app.listen({ port, host: HOST });

const email = `bench-domains-${randomBytes(4).toString('hex')}@example.com`;
const password = 'bench-password-2024';
const signedUp = await postJson(`${base}/api/auth/sign-up/email`, { name: 'Bench Domains', email, password }, { origin: base });
await database.db.updateTable('users').set({ email_verified: true }).where('id', '=', signedUp.user.id).execute();
const created = await postJson(`${base}/api/fn/createAccount`, { data: { accountName: 'Bench Domains Ltd' } }, { authorization: `Bearer ${signedUp.token}` });
const accountId: string = created.result.account.id;

await seedSandboxSupplier(database.db);
const started = Date.now();
const now = Date.now();
await inTransaction(database.db, async (tx) => {
  for (let i = 0; i < DOMAINS; i += 1) {
    const expires = now + ((i * 7919) % 900 - 60) * DAY;
    await insertDomain(tx.db, {
      id: `dom_bench_${i}`, accountId, name: `bench-domain-${String(i).padStart(5, '0')}.com`, tld: 'com', supplierId: 'sandbox',
      registrationId: null, registrationDate: new Date(expires - 365 * DAY).toISOString(), expirationDate: new Date(expires).toISOString(),
      autoRenew: i % 3 !== 0, privacy: false, locked: true, nameservers: ['ns1.sandbox-dns.test', 'ns2.sandbox-dns.test'], contacts: null,
      now: new Date(now).toISOString(),
    });
  }
});
await database.db.updateTable('domains').set((eb) => ({ status: eb.val(STATUSES[0]) })).execute();
for (const [index, status] of STATUSES.entries()) {
  if (status !== 'active') await database.db.updateTable('domains').set({ status }).where('id', 'like', `dom_bench_%${index}`).execute();
}
console.log(`data: ${DOMAINS} domains in one account, written in ${Date.now() - started} ms; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: base });
const page = await context.newPage();
await page.goto('/login');
await page.getByLabel(/^Email/).fill(email);
await page.getByLabel(/^Password/).first().fill(password);
await page.getByRole('button', { name: 'Sign In', exact: true }).click();
await page.waitForURL(`${base}/`);

/**
 * Times one interaction inside the page: from the click (or the typed text) to the first
 * animation frame at which `done` holds, checked every frame. Measuring from the outside would
 * add Playwright's polling intervals (up to 500 ms) to every figure.
 */
type Step = { click?: string; type?: { label: string; text: string }; rowsAtLeast?: number; rowsAtMost?: number; firstRow?: string };
// Plain JavaScript in a string: tsx would otherwise wrap the page function in helpers the page lacks.
const IN_PAGE = `async (s) => {
  const rows = () => [...document.querySelectorAll('a[href^="/domains/bench-domain-"]')].filter((a) => !a.getAttribute('aria-label'));
  const done = () => {
    const list = rows();
    return (s.rowsAtLeast === undefined || list.length >= s.rowsAtLeast) && (s.rowsAtMost === undefined || (list.length > 0 && list.length <= s.rowsAtMost))
      && (s.firstRow === undefined || (list[0] && list[0].textContent === s.firstRow));
  };
  const start = performance.now();
  if (s.click) {
    const target = [...document.querySelectorAll('a, button')].find((el) => (el.getAttribute('aria-label') || (el.textContent || '').trim()) === s.click);
    if (!target) throw new Error('nothing to click named ' + s.click);
    target.click();
  }
  if (s.type) {
    const label = [...document.querySelectorAll('label')].find((l) => (l.textContent || '').trim() === s.type.label);
    const input = label && label.control;
    if (!input) throw new Error('no field labelled ' + s.type.label);
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, s.type.text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  await new Promise((resolve, reject) => {
    const give = setTimeout(() => reject(new Error('timed out: ' + JSON.stringify(s))), 20000);
    const check = () => (done() ? (clearTimeout(give), resolve()) : requestAnimationFrame(check));
    check();
  });
  return performance.now() - start;
}`;
const timedInPage = (step: Step): Promise<number> => page.evaluate(`(${IN_PAGE})(${JSON.stringify(step)})`);

const rowLinks = () => page.getByRole('link', { name: /^bench-domain-\d{5}\.com$/ });
const results: Record<string, number[]> = { firstRows: [], loadMore: [], search: [], sort: [], longTaskMs: [], rowsInPage: [] };

for (let run = 0; run < RUNS; run += 1) {
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'My Domains' }).waitFor();
  await page.evaluate(`window.longTasks = 0; new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.longTasks += entry.duration;
  }).observe({ type: 'longtask', buffered: false });`);
  // A client-side navigation, as from the sidebar: the list's own cost (its chunk included), not the app's boot.
  results.firstRows.push(await timedInPage({ click: 'My Domains', rowsAtLeast: 1 }));
  await rowLinks().nth(24).waitFor();
  const firstPage = await rowLinks().count();
  results.loadMore.push(await timedInPage({ click: 'Load more', rowsAtLeast: firstPage * 2 }));
  results.rowsInPage.push(await rowLinks().count());
  results.search.push(await timedInPage({ type: { label: 'Search domains', text: 'bench-domain-0999' }, rowsAtMost: 10 }));
  await timedInPage({ type: { label: 'Search domains', text: '' }, rowsAtLeast: 25 });
  results.sort.push(await timedInPage({ click: 'Sort by Domain', firstRow: 'bench-domain-00000.com' }));
  results.longTaskMs.push(await page.evaluate<number>('window.longTasks'));
}

const calls = await page.evaluate<number[]>(`performance.getEntriesByType('resource')
  .filter((entry) => entry.name.includes('/api/fn/listDomains')).map((entry) => Math.round(entry.duration))`);
console.log(`listDomains requests as the browser timed them (ms): ${calls.join(' ')}`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`/domains, ${RUNS} runs (median, then max), Chromium ${browser.version()}:`);
console.log('  first rows after navigation (ms)      ', median(results.firstRows).toFixed(0), Math.max(...results.firstRows).toFixed(0));
console.log('  Load more answered (ms)                ', median(results.loadMore).toFixed(0), Math.max(...results.loadMore).toFixed(0));
console.log('  search typed to filtered rows (ms)     ', median(results.search).toFixed(0), Math.max(...results.search).toFixed(0), '(includes the 300 ms debounce)');
console.log('  sort header click to re-sorted (ms)    ', median(results.sort).toFixed(0), Math.max(...results.sort).toFixed(0));
console.log('  long tasks over the whole run (ms)     ', median(results.longTaskMs).toFixed(0), Math.max(...results.longTaskMs).toFixed(0));
console.log('  rows in the page after one Load more   ', median(results.rowsInPage));

await browser.close();
await portal.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
