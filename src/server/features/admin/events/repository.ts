import { sql } from 'kysely';
import type { DeliveryStatus } from '../../../db/schema.ts';
import type { Db } from '../../../db/transaction.ts';
import { escapeLike, prefixEnd } from '../../../db/textMatch.ts';
import { type NewestFirstPosition, olderThan } from '../../../rpc/newestFirstCursor.ts';

export interface EventListQuery {
  limit: number;
  /** A type, a prefix of whole segments, or a pattern with `*` segments (src/common/eventFlows.ts). */
  type: string | null;
  severity: string | null;
  processed: boolean | null;
  accountId: string | null;
  /** Inclusive lower and exclusive upper bound, ISO instants. */
  from: string | null;
  before: string | null;
  after: NewestFirstPosition | null;
}

const EVENT_COLUMNS = [
  'e.id', 'e.event_type', 'e.severity', 'e.source', 'e.account_id', 'e.actor_user_id', 'e.correlation_id', 'e.payload', 'e.context',
  'e.processed', 'e.created_at',
] as const;

/**
 * One page of events newest first on (created_at, id). The type filter reads as the flows'
 * trigger patterns do: the literal segments before the first `*` narrow an index range, the rest
 * is a LIKE (with `_` escaped, as types hold it) and a count of the segments.
 */
export async function listEventRows(db: Db, q: EventListQuery) {
  let query = db.selectFrom('platform_events as e')
    .select([...EVENT_COLUMNS, sql<string>`cast(e.created_at as text)`.as('position_value')]);
  if (q.type) query = query.where(typeCondition(q.type));
  if (q.severity) query = query.where('e.severity', '=', q.severity as 'info');
  if (q.processed !== null) query = query.where('e.processed', '=', q.processed);
  if (q.accountId) query = query.where('e.account_id', '=', q.accountId);
  if (q.from) query = query.where('e.created_at', '>=', q.from);
  if (q.before) query = query.where('e.created_at', '<', q.before);
  if (q.after) query = query.where(olderThan('e.created_at', 'e.id', q.after));
  return query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(q.limit).execute();
}

function typeCondition(filter: string) {
  if (filter === '*') return sql<boolean>`1 = 1`;
  const segments = filter.split('.');
  if (!segments.includes('*')) {
    // A whole type, or every type under it ("domain" → domain.registered, domain.transfer_code.revealed).
    return sql<boolean>`(e.event_type = ${filter} or (e.event_type >= ${`${filter}.`} and e.event_type < ${prefixEnd(`${filter}.`)}))`;
  }
  const literal = segments.slice(0, segments.indexOf('*'));
  const like = segments.map((s) => (s === '*' ? '%' : escapeLike(s))).join('.');
  const dots = sql`(length(e.event_type) - length(replace(e.event_type, '.', '')))`;
  // A trailing `*` stands for one or more segments, any other for exactly one.
  const segmentRule = segments.at(-1) === '*' ? sql`${dots} >= ${segments.length - 1}` : sql`${dots} = ${segments.length - 1}`;
  const prefix = literal.length > 0 ? `${literal.join('.')}.` : null;
  const range = prefix ? sql` and e.event_type >= ${prefix} and e.event_type < ${prefixEnd(prefix)}` : sql``;
  return sql<boolean>`(e.event_type like ${like} escape '\\' and ${segmentRule}${range})`;
}

/** Deliveries of each event by status, for the events of one page. */
export async function deliveryCountsOf(db: Db, eventIds: string[]) {
  if (eventIds.length === 0) return [];
  return db.selectFrom('webhook_deliveries')
    .select(['event_id', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('event_id', 'in', eventIds)
    .groupBy(['event_id', 'status'])
    .execute() as Promise<{ event_id: string; status: DeliveryStatus; n: number | string }[]>;
}

export async function countEventsSince(db: Db, since: string): Promise<number> {
  const row = await db.selectFrom('platform_events').select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('created_at', '>=', since).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Webhook counts and the response-time totals their statistics keep per attempt. */
export async function webhookTotals(db: Db) {
  const row = await db.selectFrom('webhooks').select((eb) => [
    eb.fn.countAll<number | string>().as('total'),
    eb.fn.sum<number | string | null>(sql`case when is_active then 1 else 0 end`).as('active'),
    eb.fn.sum<number | string | null>('total_deliveries').as('attempts'),
    eb.fn.sum<number | string | null>('total_response_ms').as('response_ms'),
  ]).executeTakeFirstOrThrow();
  return { total: Number(row.total), active: Number(row.active ?? 0), attempts: Number(row.attempts ?? 0), responseMs: Number(row.response_ms ?? 0) };
}

export async function flowTotals(db: Db) {
  const row = await db.selectFrom('event_flows').select((eb) => [
    eb.fn.countAll<number | string>().as('total'),
    eb.fn.sum<number | string | null>(sql`case when is_active then 1 else 0 end`).as('active'),
  ]).executeTakeFirstOrThrow();
  return { total: Number(row.total), active: Number(row.active ?? 0) };
}

export async function latestDeliveryRows(db: Db, limit: number) {
  return db.selectFrom('webhook_deliveries as d')
    .leftJoin('webhooks as w', 'w.id', 'd.webhook_id')
    .select(['d.id', 'd.webhook_id', 'w.name as webhook_name', 'd.event_id', 'd.event_type', 'd.status', 'd.last_http_status',
      'd.last_response_ms', 'd.updated_at'])
    .orderBy('d.created_at', 'desc').orderBy('d.id', 'desc').limit(limit).execute();
}

/** The triggers of every active flow, as stored (JSON). */
export async function activeFlowTriggers(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('event_flows').select('triggers').where('is_active', '=', true).execute();
  return rows.map((r) => r.triggers);
}
