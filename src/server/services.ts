import type { FastifyBaseLogger } from 'fastify';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { testModeCatalog } from './features/catalog/index.ts';
import { paymentEventHandlers } from './features/paymentEventHandlers.ts';
import { registerFeatureWorkers } from './features/workers.ts';
import { createPaymentProvider } from './integrations/payments/createPaymentProvider.ts';
import { receivePaymentEvent } from './integrations/payments/receiveEvent.ts';
import { createRegistrars } from './integrations/registrars/createRegistrars.ts';
import { createRdapClient } from './integrations/whois/rdapClient.ts';
import { registerTestModeWorkers } from './integrations/payments/testMode/workers.ts';
import { createMailer } from './integrations/mail/mailer.ts';
import { createJobQueue } from './jobs/createJobQueue.ts';
import { registerWorkers } from './jobs/workers.ts';
import { createLiveBus, type LiveBusChoice } from './live/bus.ts';
import type { Services } from './rpc/context.ts';

/** The long-lived collaborators, built the same way by the web process (app.ts) and `npm run worker`. */
export function createServices(deps: { database: DatabaseHandle; config: Config; log: FastifyBaseLogger; liveBus?: LiveBusChoice; clock?: Clock }): Services {
  const { database, config, log } = deps;
  const clock = deps.clock ?? systemClock;
  const jobs = createJobQueue({ database, config, log, clock });
  const mailer = createMailer({ config, jobs, log });
  const live = createLiveBus({ db: database.db, dialect: database.dialect, databaseUrl: config.DATABASE_LISTEN_URL ?? config.DATABASE_URL, log, choice: deps.liveBus });
  const receive: Services['receivePaymentEvent'] = (event) => receivePaymentEvent(services, paymentEventHandlers, event);
  const services: Services = {
    db: database.db, dialect: database.dialect, config, clock, mailer, jobs, live, log,
    payments: createPaymentProvider({ config, db: database.db, jobs, log, clock, deliver: receive, catalog: testModeCatalog }),
    receivePaymentEvent: receive,
    registrars: createRegistrars({ config, db: database.db, clock }),
    domainLookup: createRdapClient({ bootstrapUrl: config.RDAP_BOOTSTRAP_URL }),
    // Only the web process holds better-auth (app.ts replaces this); a worker never serves the back office.
    requestPasswordReset: () => Promise.reject(new Error('password resets are issued by the web process')),
  };
  return services;
}

/** Every job worker: the platform's (mail) and the business areas'. */
export async function registerAllWorkers(services: Services): Promise<void> {
  await registerWorkers(services.jobs, { db: services.db, config: services.config, clock: services.clock });
  await registerFeatureWorkers(services.jobs, services);
  await registerTestModeWorkers(services);
}
