import type { Insertable, Kysely } from 'kysely';
import type { Database, DomainsTable } from '../src/server/db/schema.ts';
import type { FakeDynadot } from '../test/support/registrars/dynadot.fake.ts';
import type { EnomFake } from '../test/support/registrars/enom.fake.ts';
import type { NamecheapFake } from '../test/support/registrars/namecheap.fake.ts';

const DAY = 86_400_000;
const CHUNK = 500;
const NS = ['ns1.portfolio-bench.test', 'ns2.portfolio-bench.test'];

export interface PortfolioFakes {
  namecheap: NamecheapFake;
  dynadot: FakeDynadot;
  enom: EnomFake;
}

/** What the generator planted, to check the sync found it. */
export interface Planted {
  perRegistrar: Record<'namecheap' | 'dynadot' | 'enom', number>;
  expiry: number;
  locked: number;
  autoRenew: Record<'namecheap' | 'dynadot' | 'enom', number>;
}

/**
 * `count` domains spread round-robin over the three registrar fakes and written to our
 * `domains` table (one account), each registrar holding the same domain: every 97th has another
 * expiry at the registrar, every 89th another lock, every 101st the registrar's auto-renew on.
 */
export async function seedPortfolio(db: Kysely<Database>, fakes: PortfolioFakes, count: number, now: number): Promise<Planted> {
  const at = new Date(now).toISOString();
  await db.insertInto('users').values({
    id: 'bench-portfolio-owner', name: 'Portfolio Owner', email: 'portfolio-owner@example.com', email_verified: true, role: 'user', created_at: at, updated_at: at,
  }).execute();
  await db.insertInto('accounts').values({ id: 'bench-portfolio-account', name: 'Portfolio Ltd', status: 'active', owner_id: 'bench-portfolio-owner' }).execute();
  await db.insertInto('domain_suppliers').values([
    { id: 'namecheap', name: 'Namecheap', is_active: true }, { id: 'dynadot', name: 'Dynadot', is_active: true }, { id: 'enom', name: 'Enom', is_active: true },
  ]).execute();
  const registrars = ['namecheap', 'dynadot', 'enom'] as const;
  const planted: Planted = { perRegistrar: { namecheap: 0, dynadot: 0, enom: 0 }, expiry: 0, locked: 0, autoRenew: { namecheap: 0, dynadot: 0, enom: 0 } };
  let rows: Insertable<DomainsTable>[] = [];
  const flush = async () => {
    if (rows.length > 0) await db.insertInto('domains').values(rows).execute();
    rows = [];
  };
  for (let i = 0; i < count; i++) {
    const registrar = registrars[i % 3]!;
    const name = `pf-${i.toString(36).padStart(5, '0')}.com`;
    const expires = new Date(Date.UTC(2027, 0, 1) + (i % 365) * DAY);
    const theirExpiry = i % 97 === 0 ? new Date(expires.getTime() + 365 * DAY) : expires;
    const theirLock = i % 89 !== 0;
    const theirAutoRenew = i % 101 === 0;
    planted.perRegistrar[registrar]++;
    if (i % 97 === 0) planted.expiry++;
    if (i % 89 === 0) planted.locked++;
    if (theirAutoRenew) planted.autoRenew[registrar]++;
    if (registrar === 'namecheap') fakes.namecheap.seedDomain(name, { expires: theirExpiry, nameservers: NS, locked: theirLock, autoRenew: theirAutoRenew, created: new Date(expires.getTime() - 365 * DAY) });
    else if (registrar === 'dynadot') fakes.dynadot.seedDomain(name, { expiresMs: theirExpiry.getTime(), nameservers: NS, locked: theirLock, renewOption: theirAutoRenew ? 'auto' : 'donot' });
    else fakes.enom.seedDomain(name, { expiresAt: theirExpiry, nameservers: NS, locked: theirLock, autoRenew: theirAutoRenew });
    rows.push({
      id: `dom_pf_${i}`, account_id: 'bench-portfolio-account', name, tld: 'com', status: 'active', supplier_id: registrar, management_mode: 'api', registration_id: null,
      registration_date: new Date(expires.getTime() - 365 * DAY).toISOString(), expiration_date: expires.toISOString(),
      auto_renew: true, privacy: false, locked: true, nameservers: JSON.stringify(NS), contacts: null, created_at: at, updated_at: at,
    });
    if (rows.length >= CHUNK) await flush();
  }
  await flush();
  return planted;
}
