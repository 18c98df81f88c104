import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { type DomainContacts, RegistrarError } from '../registrar.ts';

/** What the sandbox keeps of a domain besides its dates (the table's `data` column). */
export interface SandboxDomainData {
  contacts: DomainContacts;
  nameservers: string[];
  autoRenew: boolean;
  locked: boolean;
  privacy: boolean;
  transferCode: string;
  registrarOrderId: string;
  chargedCents: number;
  /** Recent renewals by idempotency key, so a retried renewal answers the first one's result. */
  renewals: { key: string; expiresAt: string; registrarOrderId: string }[];
  /** Changes with every write, so a compare-and-set on `data` never mistakes one write for another. */
  revision: number;
}

export interface SandboxDomainRow {
  domain: string;
  registeredAt: string;
  expiresAt: string;
  idempotencyKey: string | null;
  data: SandboxDomainData;
  /** `data` as read, for the compare-and-set of `update`. */
  stored: string;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789!#%';

/** An EPP-style auth code: 16 characters of letters, digits and punctuation, as registries ask for. */
export function newTransferCode(): string {
  return [...randomBytes(16)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

export function newOrderId(): string {
  return `SBX-${randomBytes(6).toString('hex').toUpperCase()}`;
}

function rowOf(row: { domain: string; registered_at: string; expires_at: string; idempotency_key: string | null; data: string }): SandboxDomainRow {
  return {
    domain: row.domain,
    registeredAt: row.registered_at,
    expiresAt: row.expires_at,
    idempotencyKey: row.idempotency_key,
    data: JSON.parse(row.data) as SandboxDomainData,
    stored: row.data,
  };
}

export function createSandboxStore(db: Kysely<Database>, now: () => Date) {
  const table = () => db.selectFrom('sandbox_registrar_domains').select(['domain', 'registered_at', 'expires_at', 'idempotency_key', 'data']);

  async function find(domain: string): Promise<SandboxDomainRow | null> {
    const row = await table().where('domain', '=', domain).executeTakeFirst();
    return row ? rowOf(row) : null;
  }

  return {
    find,

    async get(domain: string, command: string): Promise<SandboxDomainRow> {
      const row = await find(domain);
      if (!row) throw new RegistrarError('not_found', `The sandbox registrar does not hold ${domain}.`, { registrar: 'sandbox', command });
      return row;
    },

    async findByKey(idempotencyKey: string): Promise<SandboxDomainRow | null> {
      const row = await table().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
      return row ? rowOf(row) : null;
    },

    async registered(domains: string[]): Promise<Set<string>> {
      if (domains.length === 0) return new Set();
      const rows = await db.selectFrom('sandbox_registrar_domains').select('domain').where('domain', 'in', domains).execute();
      return new Set(rows.map((row) => row.domain));
    },

    async all(): Promise<SandboxDomainRow[]> {
      return (await table().orderBy('domain').execute()).map(rowOf);
    },

    async count(): Promise<number> {
      const row = await db.selectFrom('sandbox_registrar_domains').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Inserts the row unless its name or its idempotency key is already there: the primary key
     * and the unique key decide between concurrent registrations, in any process.
     */
    async insert(row: Omit<SandboxDomainRow, 'stored'>): Promise<boolean> {
      const inserted = await db.insertInto('sandbox_registrar_domains').values({
        domain: row.domain, registered_at: row.registeredAt, expires_at: row.expiresAt,
        idempotency_key: row.idempotencyKey, data: JSON.stringify(row.data), updated_at: now().toISOString(),
      }).onConflict((oc) => oc.doNothing()).returning('domain').executeTakeFirst();
      return inserted !== undefined;
    },

    /**
     * Read, change, write back only if nobody wrote in between (compare-and-set on `data`,
     * whose revision changes with every write); a lost race reads again. No lock is held, so
     * this works alike on SQLite and PostgreSQL and across processes.
     */
    async update<T>(domain: string, command: string, change: (row: SandboxDomainRow) => { row: SandboxDomainRow; result: T }): Promise<T> {
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const current = await this.get(domain, command);
        const { row, result } = change(current);
        if (row === current) return result;
        const written = await db.updateTable('sandbox_registrar_domains')
          .set({ expires_at: row.expiresAt, data: JSON.stringify({ ...row.data, revision: current.data.revision + 1 }), updated_at: now().toISOString() })
          .where('domain', '=', domain).where('data', '=', current.stored)
          .executeTakeFirst();
        if (Number(written.numUpdatedRows) === 1) return result;
      }
      throw new RegistrarError('unavailable', `The sandbox registrar is busy with ${domain}; try again.`, { registrar: 'sandbox', command });
    },
  };
}

export type SandboxStore = ReturnType<typeof createSandboxStore>;
