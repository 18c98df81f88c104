import { type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';
import type { ManagementMode } from '../../../../common/admin/domainInventory/texts.ts';
import type { DomainStatus } from '../../../../common/domains/domains.ts';
import { accountName } from '../../../access/fragments.ts';
import { preparedQuery } from '../../../db/preparedQuery.ts';
import type { Database } from '../../../db/schema.ts';

/**
 * The back office's domain inventory over every account (1,000,000 domains is the design size,
 * docs/performance.md): one prepared query per combination of filters and sort, each able to walk
 * an index of migration 0029 in the sort's order, so a page reads about its own rows.
 *
 * Names sort by their bytes on both dialects (PostgreSQL's "C" collation, SQLite's BINARY): the
 * order and the prefix search's range then mean the same thing everywhere, whatever locale the
 * PostgreSQL database was created with.
 */

export type InventorySort = 'domain' | 'expiryAt';

export interface InventoryFilters {
  /** Lower-case start of the name ([a-z0-9.-]); '' for none. */
  prefix: string;
  /** null: any; 'manual': no supplier. */
  registrar: { supplierId: string } | 'manual' | null;
  mode: ManagementMode | null;
  status: DomainStatus | null;
  /** null: any; 'unassigned': no account. */
  account: { accountId: string } | 'unassigned' | null;
}

export interface InventoryPosition {
  /** The name (domain sort), or the expiry as the database prints it; null once in the rows without an expiry. */
  value: string | null;
  id: string;
}

export interface InventoryRow {
  id: string;
  name: string;
  account_id: string | null;
  account_name: string | null;
  supplier_id: string | null;
  supplier_name: string | null;
  management_mode: ManagementMode;
  status: DomainStatus;
  expiration_date: string | null;
  auto_renew: boolean;
  last_verified_at: string | null;
  /** The expiry as text, exactly as the database compares it (PostgreSQL keeps microseconds a Date would drop). */
  position: string | null;
}

interface Params extends Record<string, unknown> {
  from: string;
  to: string;
  supplierId: string;
  mode: string;
  status: string;
  accountId: string;
  afterValue: string;
  afterId: string;
  limit: number;
}

interface Variant {
  sort: InventorySort;
  order: 'asc' | 'desc';
  /** 'values': rows with an expiry (or any row, by name); 'nulls': rows without an expiry, by id. */
  phase: 'values' | 'nulls';
  after: boolean;
  prefix: boolean;
  registrar: 'any' | 'manual' | 'supplier';
  mode: boolean;
  status: boolean;
  account: 'any' | 'unassigned' | 'id';
  /**
   * By expiry with a prefix that few names start with: read the prefix's range of names and sort
   * those, rather than walk the expiry order looking for the rare match. SQLite's planner cannot
   * tell the two apart (it has no statistics on the range), so it is told (see sqliteOff).
   */
  narrow: boolean;
}

/** Up to this many names with the prefix, sorting them beats walking the expiry index (about 26 / share of rows). */
export const NARROW_PREFIX_ROWS = 5_000;

/** The first name after every name that starts with `prefix`, in byte order ('ab' → 'ac'). */
export function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

function pageQuery(v: Variant) {
  return preparedQuery<Params, InventoryRow>((db, p) => {
    const pg = db.getExecutor().adapter instanceof PostgresAdapter;
    const name: RawBuilder<string> = pg ? sql<string>`d.name collate "C"` : sql<string>`d.name`;
    // SQLite weighs indexes without statistics on them, and walks a filter's index when another
    // serves the page far better; a unary + on a column keeps its indexes out of the choice:
    // - the unassigned (5 %) are read through their own partial indexes, which hold the other
    //   filters' columns, whatever else is asked;
    // - a prefix that many names share, by expiry, walks the expiry order (a narrow one the names).
    const sqliteOff = (column: string, off: boolean) => (off && !pg ? sql<string>`+${sql.ref(column)}` : sql<string>`${sql.ref(column)}`);
    const viaUnassigned = v.account === 'unassigned';
    const prefixName = !pg && v.sort === 'expiryAt' && !v.narrow ? sql<string>`+d.name` : name;
    let query = db.selectFrom('domains as d').leftJoin('domain_suppliers as s', 's.id', 'd.supplier_id')
      .select((eb) => [
        'd.id', 'd.name', 'd.account_id', accountName(eb, eb.ref('d.account_id')).as('account_name'), 'd.supplier_id', 's.name as supplier_name',
        'd.management_mode', 'd.status', 'd.expiration_date', 'd.auto_renew', 'd.last_verified_at',
        sql<string | null>`cast(d.expiration_date as text)`.as('position'),
      ]);
    if (v.prefix) query = query.where(prefixName, '>=', p.from).where(prefixName, '<', p.to);
    if (v.registrar === 'manual') query = query.where(sqliteOff('d.supplier_id', viaUnassigned), 'is', null);
    if (v.registrar === 'supplier') query = query.where(sqliteOff('d.supplier_id', viaUnassigned), '=', p.supplierId);
    if (v.mode) query = query.where(sqliteOff('d.management_mode', viaUnassigned), '=', p.mode);
    if (v.status) query = query.where(sqliteOff('d.status', viaUnassigned), '=', p.status);
    if (v.account === 'unassigned') query = query.where('d.account_id', 'is', null);
    if (v.account === 'id') query = query.where('d.account_id', '=', p.accountId);

    // A unary + keeps SQLite off the expiry indexes; PostgreSQL's planner weighs the range by its statistics.
    const expiry: RawBuilder<string | null> = v.narrow && !pg ? sql`+d.expiration_date` : sql`d.expiration_date`;
    const later = v.order === 'asc' ? '>' : '<';
    const atOrLater = v.order === 'asc' ? '>=' : '<=';
    if (v.sort === 'domain') {
      // Names are unique: the name alone is the position.
      if (v.after) query = query.where(name, later, p.afterValue);
      return query.orderBy(name, v.order).limit(p.limit);
    }
    if (v.phase === 'nulls') {
      query = query.where(expiry, 'is', null);
      if (v.after) query = query.where('d.id', later, p.afterId);
      return query.orderBy('d.id', v.order).limit(p.limit);
    }
    query = query.where(expiry, 'is not', null);
    // The first term bounds the index range; the second breaks ties on the last row's expiry by id.
    if (v.after) {
      query = query.where(expiry, atOrLater, p.afterValue)
        .where((eb) => eb.or([eb(expiry, later, p.afterValue), eb('d.id', later, p.afterId)]));
    }
    return query.orderBy(expiry, v.order).orderBy('d.id', v.order).limit(p.limit);
  });
}

const queries = new Map<string, ReturnType<typeof pageQuery>>();

function queryFor(variant: Variant) {
  const key = JSON.stringify(variant);
  let query = queries.get(key);
  if (!query) {
    query = pageQuery(variant);
    queries.set(key, query);
  }
  return query;
}

export interface InventoryPageRequest {
  filters: InventoryFilters;
  sort: InventorySort;
  order: 'asc' | 'desc';
  after: InventoryPosition | null;
  limit: number;
}

/**
 * Up to `limit` rows after `after`. By expiry, the rows with one come first in either order, then
 * those without (by id), so a page may take the end of one and the start of the other.
 */
const prefixCount = preparedQuery<{ from: string; to: string; cap: number }, { n: number | string }>((db, p) => {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const name: RawBuilder<string> = pg ? sql<string>`d.name collate "C"` : sql<string>`d.name`;
  // A constant, not a column: the name index alone answers (covering), no row is read.
  const inRange = db.selectFrom('domains as d').select(sql<number>`1`.as('one')).where(name, '>=', p.from).where(name, '<', p.to).limit(p.cap);
  return db.selectFrom(inRange.as('r')).select((eb) => eb.fn.countAll<number | string>().as('n'));
});

/** Whether at most NARROW_PREFIX_ROWS names start with the prefix: a short walk of the name index, capped. */
async function isNarrowPrefix(db: Kysely<Database>, prefix: string): Promise<boolean> {
  const row = await prefixCount.first(db, { from: prefix, to: prefixEnd(prefix), cap: NARROW_PREFIX_ROWS + 1 });
  return Number(row?.n ?? 0) <= NARROW_PREFIX_ROWS;
}

export async function pageOfInventory(db: Kysely<Database>, r: InventoryPageRequest): Promise<InventoryRow[]> {
  const f = r.filters;
  // PostgreSQL plans each page with its values and weighs the prefix's range by its statistics itself.
  const sqlite = !(db.getExecutor().adapter instanceof PostgresAdapter);
  const narrow = sqlite && r.sort === 'expiryAt' && f.prefix !== '' && await isNarrowPrefix(db, f.prefix);
  const base = {
    narrow,
    sort: r.sort, order: r.order, prefix: f.prefix !== '',
    registrar: f.registrar === null ? 'any' as const : f.registrar === 'manual' ? 'manual' as const : 'supplier' as const,
    mode: f.mode !== null, status: f.status !== null,
    account: f.account === null ? 'any' as const : f.account === 'unassigned' ? 'unassigned' as const : 'id' as const,
  };
  const params: Params = {
    from: f.prefix, to: f.prefix ? prefixEnd(f.prefix) : '',
    supplierId: typeof f.registrar === 'object' && f.registrar ? f.registrar.supplierId : '',
    mode: f.mode ?? '', status: f.status ?? '',
    accountId: typeof f.account === 'object' && f.account ? f.account.accountId : '',
    afterValue: r.after?.value ?? '', afterId: r.after?.id ?? '', limit: r.limit,
  };
  if (r.sort === 'domain') return queryFor({ ...base, phase: 'values', after: r.after !== null }).all(db, params);
  const inNulls = r.after !== null && r.after.value === null;
  const rows = inNulls ? [] : await queryFor({ ...base, phase: 'values', after: r.after !== null }).all(db, params);
  if (rows.length >= r.limit) return rows;
  const rest = await queryFor({ ...base, phase: 'nulls', after: inNulls }).all(db, { ...params, limit: r.limit - rows.length });
  return [...rows, ...rest];
}
