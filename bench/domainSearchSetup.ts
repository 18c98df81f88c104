/**
 * The world of bench/domainSearch.bench.ts: three suppliers each answering after a fixed delay
 * (the sandbox through SANDBOX_REGISTRAR_LATENCY_MS, the Namecheap and Dynadot fakes behind a
 * delaying proxy), the 10 searchable TLDs spread over them, the portal on SQLite in a temporary
 * folder, and one signed-in member of an account.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/connection.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { seedSandboxSupplier, seedSupplier } from '../test/support/domains/suppliers.ts';
import { DYNADOT_FAKE_KEY, startFakeDynadot } from '../test/support/registrars/dynadot.fake.ts';
import { namecheapFakeCredentials, startNamecheapFake } from '../test/support/registrars/namecheap.fake.ts';

const HOST = '127.0.0.1';

/** Who sells which TLD cheapest, so every supplier is asked in each 10-TLD search. */
const NAMECHEAP_TLDS = ['com', 'net', 'org'];
const DYNADOT_TLDS = ['info', 'biz', 'co', 'io'];
// The sandbox is cheapest for the rest (app, dev, tech): the real registrars are seeded below its costs.

/** Forwards each request to `target` after `delayMs`: a registrar as far away as the bench says. */
async function startDelayingProxy(target: string, delayMs: number): Promise<{ url: string; close(): Promise<void> }> {
  const origin = new URL(target);
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    setTimeout(() => {
      const forwarded = httpRequest({
        host: origin.hostname, port: origin.port, method: incoming.method, path: incoming.url, headers: { ...incoming.headers, host: origin.host },
      }, (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      });
      forwarded.on('error', () => outgoing.destroy());
      incoming.pipe(forwarded);
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, HOST, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${HOST}:${port}${origin.pathname}`,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

export interface DomainSearchWorld {
  portalUrl: string;
  headers: Record<string, string>;
  accountId: string;
  close(): Promise<void>;
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

export async function startDomainSearchWorld(delayMs: number): Promise<DomainSearchWorld> {
  const namecheap = await startNamecheapFake();
  const dynadot = await startFakeDynadot();
  for (const tld of DYNADOT_TLDS) if (!dynadot.prices.has(tld)) dynadot.prices.set(tld, { register: 1, renew: 1, transfer: 1 });
  const [namecheapProxy, dynadotProxy] = await Promise.all([startDelayingProxy(namecheap.url, delayMs), startDelayingProxy(dynadot.url, delayMs)]);

  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-search-'));
  const database = openDatabase({ dataDir });
  await migrateToLatest(database.db);
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, HOST, () => {
      const { port: free } = probe.address() as AddressInfo;
      probe.close(() => resolve(free));
    });
  });
  const portalUrl = `http://${HOST}:${port}`;
  // A clean environment: a DATABASE_URL or registrar credentials in the shell must not leak in.
  const config = loadConfig({
    PORT: String(port), HOST, DATA_DIR: dataDir, PUBLIC_URL: portalUrl, LOG_LEVEL: 'silent', FUNCTION_RATE_LIMITS: 'off',
    SANDBOX_REGISTRAR_LATENCY_MS: String(delayMs),
    NAMECHEAP_API_USER: namecheapFakeCredentials.apiUser, NAMECHEAP_API_KEY: namecheapFakeCredentials.apiKey,
    NAMECHEAP_CLIENT_IP: namecheapFakeCredentials.clientIp, NAMECHEAP_API_URL: namecheapProxy.url,
    DYNADOT_API_KEY: DYNADOT_FAKE_KEY, DYNADOT_API_URL: dynadotProxy.url,
  }, { AUTH_SECRET: randomBytes(48).toString('base64url'), passwordHashCost: 2 ** 10 });
  const portal = await buildApp({ config, database, logger: false, runWorkers: false });
  await portal.app.listen({ port, host: HOST });

  const db = database.db;
  await seedSandboxSupplier(db);
  await seedSupplier(db, { id: 'namecheap', name: 'Namecheap' }, NAMECHEAP_TLDS.map((tld) => ({ tld, registerCents: 100 })));
  await seedSupplier(db, { id: 'dynadot', name: 'Dynadot' }, DYNADOT_TLDS.map((tld) => ({ tld, registerCents: 100 })));

  const email = `bench-search-${randomBytes(4).toString('hex')}@example.com`;
  const signedUp = await postJson(`${portalUrl}/api/auth/sign-up/email`, { name: 'Bench Searcher', email, password: 'bench-password-2024' }, { origin: portalUrl });
  await db.updateTable('users').set({ email_verified: true }).where('id', '=', signedUp.user.id).execute();
  const headers = { authorization: `Bearer ${signedUp.token as string}` };
  const created = await postJson(`${portalUrl}/api/fn/createAccount`, { data: { accountName: 'Bench domains' } }, headers);

  return {
    portalUrl,
    headers,
    accountId: created.result.account.id,
    async close() {
      await portal.close();
      await database.close();
      await Promise.all([namecheapProxy.close(), dynadotProxy.close(), namecheap.close(), dynadot.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
