import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { GlobalRole } from '../../common/constants.ts';
import type { Config } from '../config.ts';
import type { Dialect } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../integrations/mail/mailer.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { LiveBus } from '../live/bus.ts';

/** The signed-in user a request acts for. */
export interface Caller {
  userId: string;
  email: string;
  name: string;
  globalRole: GlobalRole;
  sessionId: string;
}

/** Long-lived collaborators shared by every handler. */
export interface Services {
  db: Kysely<Database>;
  dialect: Dialect;
  config: Config;
  mailer: Mailer;
  jobs: JobQueue;
  /** Tells open pages that data changed, after the write's commit. */
  live: LiveBus;
  log: FastifyBaseLogger;
}

export interface FunctionContext {
  caller: Caller | null;
  services: Services;
  requestId: string;
  log: FastifyBaseLogger;
}

/** A context whose caller is known to be signed in (access 'user' or 'super_admin'). */
export interface SignedInContext extends FunctionContext {
  caller: Caller;
}
