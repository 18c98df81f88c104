import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import { createLocalQueue } from './localQueue.ts';
import { createPgBossQueue } from './pgBossQueue.ts';
import type { JobQueue } from './queue.ts';

export type JobQueueKind = 'local' | 'pg-boss';

/**
 * pg-boss when the process runs on PostgreSQL from DATABASE_URL (the scaled mode of main.ts and
 * worker.ts); otherwise the local queue. Test apps open PostgreSQL without DATABASE_URL in their
 * config, so they keep the local queue unless they ask for `kind`.
 */
export function createJobQueue(deps: {
  database: DatabaseHandle;
  config: Pick<Config, 'DATABASE_URL'>;
  log: FastifyBaseLogger;
  clock?: Clock;
  kind?: JobQueueKind;
}): JobQueue {
  const url = deps.config.DATABASE_URL;
  const kind = deps.kind ?? (deps.database.dialect === 'postgres' && url ? 'pg-boss' : 'local');
  if (kind === 'pg-boss') {
    if (deps.database.dialect !== 'postgres' || !url) throw new Error('pg-boss needs PostgreSQL from DATABASE_URL');
    return createPgBossQueue({ connectionString: url, db: deps.database.db, log: deps.log, clock: deps.clock });
  }
  return createLocalQueue({ db: deps.database.db, log: deps.log, clock: deps.clock });
}
