/**
 * Bulk verification (adminVerifyManagedDomainsBulk) of --domains api-mode domains (default 100,
 * the cap) at the Namecheap fake, with every registrar and registry (RDAP) request held back
 * --latency ms (default 250) by a local delaying proxy, through HTTP as the Bulk Verify button
 * sends it. Prints the wall time against the client's 70 s time-out, and one domain's detail.
 *
 *   npm run bench:domain-verify -- [--domains 100] [--latency 250]
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { BULK_VERIFY_CONCURRENCY, VERIFY_LOOKUPS_PER_MINUTE } from '../src/common/admin/domainDetail/texts.ts';
import { insertManagedDomain } from '../test/support/domains/managedDomains.ts';
import { seedSupplier } from '../test/support/domains/suppliers.ts';
import { createUser, makeGlobalSuperAdmin } from '../test/support/factories.ts';
import { namecheapFakeEnv, startNamecheapFake } from '../test/support/registrars/namecheap.fake.ts';
import { rdapDomain, startFakeRdap } from '../test/support/registrars/rdap.fake.ts';
import { startTestApp } from '../test/support/testApp.ts';
import { positiveNumber, readFlags } from './benchFlags.ts';

const flags = readFlags(process.argv.slice(2), { domains: '100', latency: '250' });
const count = Math.floor(positiveNumber(flags, 'domains'));
const latencyMs = positiveNumber(flags, 'latency');

/** Forwards every request to `target` after `latencyMs`: a registrar or registry across the internet. */
async function delayingProxy(target: string) {
  const server = createServer((req, res) => {
    setTimeout(() => {
      const headers = Object.fromEntries(['content-type', 'content-length', 'accept'].filter((h) => req.headers[h]).map((h) => [h, req.headers[h] as string]));
      const forwarded = request(`${target}${req.url}`, { method: req.method, headers, agent: false }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, { 'content-type': answer.headers['content-type'] ?? 'text/plain' });
        answer.pipe(res);
      });
      forwarded.on('error', () => res.destroy());
      req.pipe(forwarded);
    }, latencyMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(r)) };
}

const [namecheap, rdap] = await Promise.all([startNamecheapFake(), startFakeRdap()]);
const [namecheapProxy, rdapProxy] = await Promise.all([delayingProxy(new URL(namecheap.url).origin), delayingProxy(new URL(rdap.server.url).origin)]);
rdap.services = [[['com'], [`${rdapProxy.url}/rdap/`]]];
const namecheapEnv = Object.entries(namecheapFakeEnv(`${namecheapProxy.url}${new URL(namecheap.url).pathname}`)).filter(([key]) => key.startsWith('NAMECHEAP_'));
const t = await startTestApp('sqlite', { env: { RDAP_BOOTSTRAP_URL: rdap.bootstrapUrl, ...Object.fromEntries(namecheapEnv) } });
await seedSupplier(t.services.db, { id: 'namecheap', name: 'Namecheap' }, []);
const operator = await createUser(t);
await makeGlobalSuperAdmin(t, operator);

const names: string[] = [];
for (let i = 0; i < count; i++) {
  const { name } = await insertManagedDomain(t.services, { supplierId: 'namecheap', managementMode: 'api' });
  namecheap.seedDomain(name);
  rdap.domains.set(name, rdapDomain(name));
  names.push(name);
}

let started = performance.now();
const one = await t.call('adminGetDomainDetails', { domain: names[0] }, operator);
const detailMs = performance.now() - started;
if (one.status !== 200) throw new Error(`adminGetDomainDetails answered ${one.status}: ${JSON.stringify(one.error)}`);

started = performance.now();
const bulk = await t.call('adminVerifyManagedDomainsBulk', { domains: names }, operator);
const bulkMs = performance.now() - started;
if (bulk.status !== 200) throw new Error(`bulk answered ${bulk.status}: ${JSON.stringify(bulk.error)}`);

const registrarCalls = namecheap.http.requests.length;
console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; latency ${latencyMs} ms per registrar and registry request; concurrency ${BULK_VERIFY_CONCURRENCY}`);
console.log(`adminGetDomainDetails, one domain: ${(detailMs / 1000).toFixed(2)} s (supplier ${one.result.sources.supplier.outcome}, registry ${one.result.sources.whois.outcome})`);
console.log(`adminVerifyManagedDomainsBulk, ${count} domains: ${(bulkMs / 1000).toFixed(2)} s; ${bulk.result.message}; `
  + `${registrarCalls} registrar requests in all; client time-out 70 s`);
const verified = bulk.result.results.filter((r) => r.success).length;
const registrySkipped = (await t.services.db.selectFrom('audit_log').select('after_state').where('action', '=', 'domain.verified').execute())
  .filter((e) => JSON.parse(e.after_state!).whois === 'skipped').length;
console.log(`verified ${verified}/${count}; ${registrySkipped} without the registry (beyond the operator's ${VERIFY_LOOKUPS_PER_MINUTE} lookups a minute: skipped, not waited for)`);

await t.stop();
await Promise.all([namecheapProxy.close(), rdapProxy.close(), namecheap.close(), rdap.server.close()]);
