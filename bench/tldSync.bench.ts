/**
 * The TLD sync (features/domains/pricing/supplierSync.ts, the code the daily job and the
 * operator's syncSupplierTlds run) against the Namecheap, Dynadot and Enom fakes, each listing
 * --tlds TLDs (default 1,000) over HTTP in its own wire format.
 *
 *   npm run bench:tld-sync -- [--tlds 1000]
 *
 * First the three suppliers in parallel on an empty database (every TLD new), with the time each
 * supplier's price list took to arrive and the total (lists plus the one write transaction);
 * then each supplier alone (a re-sync: nothing changed). Goal: under 10 s in total.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { ensureDomainSuppliers, syncInBackground, OPERATOR_SYNC_TIMEOUT_MS } from '../src/server/features/domains/pricing/supplierSync.ts';
import { listSuppliers } from '../src/server/features/domains/pricing/supplierSyncRepository.ts';
import { createServices } from '../src/server/services.ts';
import { DYNADOT_FAKE_KEY, startFakeDynadot } from '../test/support/registrars/dynadot.fake.ts';
import { type EnomFakeTldPrices, startEnomFake } from '../test/support/registrars/enom.fake.ts';
import { addNamecheapFakeTlds, namecheapFakeCredentials, namecheapFakeEnv, startNamecheapFake } from '../test/support/registrars/namecheap.fake.ts';
import { positiveNumber, readFlags } from './benchFlags.ts';

const flags = readFlags(process.argv.slice(2), { tlds: '1000' });
const tldCount = Math.floor(positiveNumber(flags, 'tlds'));

/** Letters-only names (aa, ab, ...), prefixed so none is a TLD the fakes already list. */
const tldName = (i: number) => {
  let name = '';
  for (let n = i; name.length < 3 || n > 0; n = Math.floor(n / 26)) name = String.fromCharCode(97 + (n % 26)) + name;
  return `bench${name}`;
};
const dollars = (i: number, base: number) => (base + (i % 300) / 10).toFixed(2);
const tlds = Array.from({ length: tldCount }, (_, i) => tldName(i));

addNamecheapFakeTlds(Object.fromEntries(tlds.map((t, i) => [t, [dollars(i, 8), dollars(i, 10), dollars(i, 9)]])));
const enomTlds: Record<string, EnomFakeTldPrices> = Object.fromEntries(tlds.map((t, i) => [t, { register: dollars(i, 7), renew: dollars(i, 9), transfer: dollars(i, 7) }]));
const [namecheap, dynadot, enom] = await Promise.all([
  startNamecheapFake(namecheapFakeCredentials),
  startFakeDynadot(DYNADOT_FAKE_KEY),
  startEnomFake({ tlds: enomTlds }),
]);
for (const [i, t] of tlds.entries()) dynadot.prices.set(t, { register: Number(dollars(i, 9)), renew: Number(dollars(i, 11)), transfer: Number(dollars(i, 9)) });

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-tld-sync-'));
const database = openDatabase({ dataDir });
await migrateToLatest(database.db);
const config = loadConfig({
  DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_SECRET: 'tld-sync-bench-'.padEnd(40, 'x'),
  ...Object.fromEntries(Object.entries(namecheapFakeEnv(namecheap.url)).filter(([name]) => name.startsWith('NAMECHEAP_'))),
  DYNADOT_API_KEY: DYNADOT_FAKE_KEY, DYNADOT_API_URL: dynadot.url, ENOM_UID: enom.uid, ENOM_PW: enom.pw, ENOM_API_URL: enom.url,
});
const services = createServices({ database, config, log: pino({ level: 'silent' }) });

// The bench's only instrument: when each supplier's list arrived (the sync itself is untouched).
const listMs = new Map<string, number>();
for (const registrar of services.registrars) {
  const list = registrar.listTldCosts.bind(registrar);
  registrar.listTldCosts = async (options) => {
    const started = performance.now();
    try { return await list(options); } finally { listMs.set(registrar.id, performance.now() - started); }
  };
}
await ensureDomainSuppliers(services);
const suppliers = (await listSuppliers(database.db)).filter((s) => s.is_active);
const calls = () => ({ namecheap: namecheap.http.requests.length, dynadot: dynadot.requests.length, enom: enom.requests.length });

console.log(`load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}; ${tldCount} TLDs per supplier; suppliers ${suppliers.map((s) => s.id).join(', ')}`);
const before = calls();
let started = performance.now();
const results = await syncInBackground(services, suppliers);
const totalMs = performance.now() - started;
const after = calls();
console.log('\nfirst sync, the suppliers in parallel (every TLD new)');
console.log('| supplier | list arrived after | HTTP calls | TLDs on record | new | updated | error |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
for (const r of results) {
  const id = r.id as keyof ReturnType<typeof calls>;
  const made = after[id] - before[id];
  console.log(`| ${r.name} | ${(listMs.get(r.id)! / 1000).toFixed(2)} s | ${made} | ${r.tldCount} | ${r.newTlds} | ${r.updatedTlds} | ${r.error ?? ''} |`);
}
const slowestList = Math.max(...listMs.values());
console.log(`total ${(totalMs / 1000).toFixed(2)} s (lists ${(slowestList / 1000).toFixed(2)} s, then the write ${((totalMs - slowestList) / 1000).toFixed(2)} s); goal under 10 s: ${totalMs < 10_000 ? 'met' : 'missed'}`);

console.log('\neach supplier alone (a re-sync: nothing changed)');
for (const supplier of suppliers) {
  started = performance.now();
  const [r] = await syncInBackground(services, [supplier]);
  const ms = performance.now() - started;
  console.log(`${r!.name}: ${(ms / 1000).toFixed(2)} s (list ${(listMs.get(supplier.id)! / 1000).toFixed(2)} s), ${r!.tldCount} TLDs, new ${r!.newTlds}, updated ${r!.updatedTlds}` +
    `${ms > OPERATOR_SYNC_TIMEOUT_MS ? `; over the operator's ${OPERATOR_SYNC_TIMEOUT_MS / 1000} s bound` : ''}${r!.error ? `; error: ${r!.error}` : ''}`);
}

await services.jobs.stop();
await services.live.close();
await database.close();
await Promise.all([namecheap.close(), dynadot.close(), enom.close()]);
rmSync(dataDir, { recursive: true, force: true });
