import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { PriceInterval } from '../../../common/billing/billing.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import type { Db } from '../../db/transaction.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { PaymentEvent, ProviderPrice, ProviderProduct } from './events.ts';
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
  /** Test mode's catalogue: the portal's own, read by the catalog area (wired in services.ts). */
  catalog: TestModeCatalog;
}

/** In test mode the portal's catalogue is the provider's: the provider's ids are ours. */
export interface TestModeCatalog {
  /** Every product and price, in Stripe's shapes. */
  list(db: Db): Promise<{ products: ProviderProduct[]; prices: ProviderPrice[] }>;
  /** A price by its provider id, with what a checkout line shows of it. */
  findPrice(db: Db, providerPriceId: string): Promise<TestModePrice | undefined>;
}

export interface TestModePrice {
  productName: string;
  unitAmount: number;
  currency: string;
  interval: PriceInterval | null;
  active: boolean;
  /** The product's provider id (ours when it has none). */
  providerProductId: string;
}

/** Stripe when its three variables are set, else the built-in test mode (config.paymentMode). */
export function createPaymentProvider(deps: PaymentProviderDeps): PaymentProvider {
  return deps.config.paymentMode === 'stripe' ? createStripePaymentProvider(deps.config) : createTestPaymentProvider(deps);
}
