import { randomBytes } from 'node:crypto';
import type { Services } from '../../../src/server/rpc/context.ts';
import { insertDomain } from '../../../src/server/features/domains/records.ts';
import { seedSandboxSupplier } from './suppliers.ts';
import { testContacts } from '../registrars/contacts.fixture.ts';

const YEAR_MS = 365 * 86_400_000;

/**
 * A domain the account holds, registered for real at the sandbox registrar (so Sync, nameserver
 * and lock changes reach a supplier that knows it) and recorded as the registration job would.
 * `expiresInDays` moves its expiry (negative: already expired at the registrar too).
 */
export async function seedDomain(services: Services, accountId: string, options: { name?: string; expiresInDays?: number; autoRenew?: boolean } = {}) {
  await seedSandboxSupplier(services.db);
  const name = options.name ?? `seeded-${randomBytes(5).toString('hex')}.com`;
  const sandbox = services.registrars.find((registrar) => registrar.id === 'sandbox');
  if (!sandbox) throw new Error('the sandbox registrar is always configured');
  const contacts = testContacts();
  const registered = await sandbox.register({
    domain: name, years: 1, contacts, nameservers: [], privacy: false, autoRenew: false, idempotencyKey: `seed:${name}`,
  });
  const now = new Date();
  const expirationDate = options.expiresInDays === undefined ? registered.expiresAt : new Date(now.getTime() + options.expiresInDays * 86_400_000).toISOString();
  if (options.expiresInDays !== undefined) {
    await services.db.updateTable('sandbox_registrar_domains').set({ expires_at: expirationDate }).where('domain', '=', name).execute();
  }
  const info = await sandbox.getInfo(name);
  const id = `dom_${randomBytes(12).toString('base64url')}`;
  await insertDomain(services.db, {
    id, accountId, name, tld: name.slice(name.indexOf('.') + 1), supplierId: 'sandbox', registrationId: registered.registrarOrderId,
    registrationDate: new Date(Date.parse(expirationDate) - YEAR_MS).toISOString(), expirationDate,
    autoRenew: options.autoRenew ?? true, privacy: false, locked: true, nameservers: info.nameservers, contacts, now: now.toISOString(),
  });
  return { id, name };
}
