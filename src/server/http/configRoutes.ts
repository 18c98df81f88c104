import type { FastifyInstance } from 'fastify';
import { MIN_PASSWORD_LENGTH, PRODUCT_NAME } from '../../common/constants.ts';
import type { PublicConfig } from '../../common/publicConfig.ts';
import type { Config } from '../config.ts';

/** GET /api/config: what the SPA needs before anything else. Never a secret. */
export async function configRoutes(app: FastifyInstance, opts: { config: Config }) {
  const body: PublicConfig = {
    productName: PRODUCT_NAME,
    signInMethods: { emailPassword: true, google: opts.config.googleEnabled },
    minPasswordLength: MIN_PASSWORD_LENGTH,
    payments: { mode: opts.config.paymentMode, publishableKey: opts.config.paymentMode === 'stripe' ? opts.config.STRIPE_PUBLISHABLE_KEY ?? null : null },
  };
  app.get('/api/config', async (_request, reply) => reply.header('cache-control', 'no-store').send(body));
}
