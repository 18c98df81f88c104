import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { PaymentEvent } from './events.ts';
import type { PaymentProvider } from './provider.ts';
import type { ReceiveResult } from './receiveEvent.ts';
import { createStripePaymentProvider } from './stripe/stripeProvider.ts';
import { createTestPaymentProvider } from './testMode/testProvider.ts';

export interface PaymentProviderDeps {
  config: Config;
  db: Kysely<Database>;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  /** Test mode's time (Stripe keeps its own). */
  clock: Clock;
  /** Where the test-mode provider delivers its events: the same receiver as Stripe's webhook. */
  deliver(event: PaymentEvent): Promise<ReceiveResult>;
}

/** Stripe when its three variables are set, else the built-in test mode (config.paymentMode). */
export function createPaymentProvider(deps: PaymentProviderDeps): PaymentProvider {
  return deps.config.paymentMode === 'stripe' ? createStripePaymentProvider(deps.config) : createTestPaymentProvider(deps);
}
