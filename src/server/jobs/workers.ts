import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { MAIL_DELIVERY_QUEUE, mailDeliveryWorker } from '../integrations/mail/mailer.ts';
import type { JobQueue } from './queue.ts';

/** Every job handler the portal runs; the embedded app and `npm run worker` register the same set. */
export async function registerWorkers(jobs: JobQueue, deps: { db: Kysely<Database>; config: Config; clock: Clock }) {
  await jobs.work(MAIL_DELIVERY_QUEUE, mailDeliveryWorker(deps));
}
