import type { Config } from '../../../config.ts';
import type { PaymentProvider } from '../provider.ts';

export function createStripePaymentProvider(_config: Config): PaymentProvider {
  throw new Error('The Stripe adapter is being built in this issue.');
}
