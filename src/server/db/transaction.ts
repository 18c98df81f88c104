import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** The database or an open transaction: repositories take either. */
export type Db = Kysely<Database> | Transaction<Database>;

/**
 * A unit of work. Every write and every record of what it causes (an enqueued job, a mail in
 * the outbox, a platform event, an audit entry) goes through `db`, so they commit or roll back
 * together. Work that must only start once the data is visible to others (waking a worker,
 * live updates) is registered with `afterCommit`.
 */
export interface Tx {
  readonly db: Transaction<Database>;
  afterCommit(effect: () => void | Promise<void>): void;
}

/**
 * Runs `work` in one transaction. After-commit effects run once the commit succeeded, never
 * after a rollback; their failures are logged, not thrown, since the write itself stands.
 */
export async function inTransaction<T>(db: Kysely<Database>, work: (tx: Tx) => Promise<T>, log?: Pick<FastifyBaseLogger, 'error'>): Promise<T> {
  const effects: (() => void | Promise<void>)[] = [];
  const result = await db.transaction().execute((trx) => work({ db: trx, afterCommit: (effect) => effects.push(effect) }));
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      if (log) log.error({ err: error }, 'after-commit effect failed');
      else console.error('after-commit effect failed', error);
    }
  }
  return result;
}
