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
    payments: { mode: 'test', publishableKey: null },
  };
  app.get('/api/config', async (_request, reply) => reply.header('cache-control', 'no-store').send(body));
}
