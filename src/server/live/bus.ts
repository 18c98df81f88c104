import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { LiveEventKind, LiveMessage, LiveTopic } from '../../common/live.ts';
import type { Dialect } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import type { Tx } from '../db/transaction.ts';
import { createMemoryBus } from './memoryBus.ts';
import { createPostgresBus } from './postgresBus.ts';

export type LiveListener = (message: LiveMessage) => void;

/**
 * Tells subscribers that a topic changed, only once the change is visible to them: publishing
 * takes the writer's unit of work and goes out after its commit, never after a rollback.
 */
export interface LiveBus {
  readonly kind: LiveBusChoice['kind'];
  publish(tx: Tx, topic: LiveTopic, kind: LiveEventKind): void;
  /**
   * Resolves once messages on the topic will reach `listener` (on PostgreSQL: once the
   * LISTEN connection is up), with the function that stops them.
   */
  subscribe(topic: LiveTopic, listener: LiveListener): Promise<() => void>;
  close(): Promise<void>;
}

export type LiveBusChoice =
  | { kind: 'memory' }
  | { kind: 'postgres'; connectionString: string; channel?: string; applicationName?: string };

/**
 * LISTEN/NOTIFY when the process runs on PostgreSQL from DATABASE_URL (the scaled mode, as the
 * job queue chooses pg-boss), so every app process hears every write; otherwise in-process.
 * Test apps open PostgreSQL without DATABASE_URL in their config and pass `choice` to get it.
 */
export function createLiveBus(deps: {
  db: Kysely<Database>;
  dialect: Dialect;
  databaseUrl?: string;
  log: FastifyBaseLogger;
  choice?: LiveBusChoice;
}): LiveBus {
  const choice = deps.choice ?? (deps.dialect === 'postgres' && deps.databaseUrl
    ? { kind: 'postgres', connectionString: deps.databaseUrl }
    : { kind: 'memory' });
  if (choice.kind === 'postgres') {
    if (deps.dialect !== 'postgres') throw new Error('the PostgreSQL live bus needs a PostgreSQL database');
    return createPostgresBus({ ...choice, db: deps.db, log: deps.log });
  }
  return createMemoryBus({ log: deps.log });
}
