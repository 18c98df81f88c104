import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/connection.ts';
import { createLocalQueue } from './localQueue.ts';
import type { JobQueue } from './queue.ts';

export function createJobQueue(deps: { database: DatabaseHandle; log: FastifyBaseLogger }): JobQueue {
  return createLocalQueue({ db: deps.database.db, log: deps.log });
}
