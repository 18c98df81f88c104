import { sql } from 'kysely';
import type { DeliveryDetails } from '../../common/admin/deliveries/contract.ts';
import type { EventView } from '../../common/admin/events/contract.ts';
import type { Db } from '../db/transaction.ts';
import { escapeLike, prefixEnd } from '../db/textMatch.ts';
import { type NewestFirstPosition, olderThan } from '../rpc/newestFirstCursor.ts';
import { eventCatalogue, isEventType } from './catalogue.ts';

/** The platform's events as operators read them: the log with its filters, a count, one event's header. */

/** An event as the log shows it; its deliveries are the webhook system's to count. */
export type LoggedEvent = Omit<EventView, 'deliveries'>;

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

const readJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/**
 * A page of `q.limit` events newest first on (created_at, id); `next` is set when another page
 * follows. The type filter reads as the flows' trigger patterns do: the literal segments before
 * the first `*` narrow an index range, the rest is a LIKE (with `_` escaped, as types hold it) and
 * a count of the segments.
 */
export async function pageOfPlatformEvents(db: Db, q: EventListQuery): Promise<{ events: LoggedEvent[]; next: NewestFirstPosition | null }> {
  let query = db.selectFrom('platform_events as e')
    .select([...EVENT_COLUMNS, sql<string>`cast(e.created_at as text)`.as('position_value')]);
  if (q.type) query = query.where(typeCondition(q.type));
  if (q.severity) query = query.where('e.severity', '=', q.severity as 'info');
  if (q.processed !== null) query = query.where('e.processed', '=', q.processed);
  if (q.accountId) query = query.where('e.account_id', '=', q.accountId);
  if (q.from) query = query.where('e.created_at', '>=', q.from);
  if (q.before) query = query.where('e.created_at', '<', q.before);
  if (q.after) query = query.where(olderThan('e.created_at', 'e.id', q.after));
  const rows = await query.orderBy('e.created_at', 'desc').orderBy('e.id', 'desc').limit(q.limit + 1).execute();
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  const events = page.map((r) => ({
    id: r.id,
    eventType: r.event_type,
    category: isEventType(r.event_type) ? eventCatalogue[r.event_type].category : null,
    severity: r.severity,
    source: r.source,
    accountId: r.account_id,
    actorUserId: r.actor_user_id,
    correlationId: r.correlation_id,
    payload: readJson(r.payload),
    context: readJson(r.context),
    createdAt: r.created_at,
    processed: r.processed,
  }));
  return { events, next: rows.length > q.limit && last ? { createdAt: last.position_value, id: last.id } : null };
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

export async function countEventsSince(db: Db, since: string): Promise<number> {
  const row = await db.selectFrom('platform_events').select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('created_at', '>=', since).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The event a delivery carries, for the delivery's page. */
export async function findEventHeader(db: Db, eventId: string): Promise<NonNullable<DeliveryDetails['event']> | undefined> {
  const event = await db.selectFrom('platform_events').select(['id', 'event_type', 'severity', 'source', 'created_at'])
    .where('id', '=', eventId).executeTakeFirst();
  return event && { id: event.id, type: event.event_type, severity: event.severity, source: event.source, createdAt: event.created_at };
}
