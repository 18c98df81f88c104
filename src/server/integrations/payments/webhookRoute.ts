import type { FastifyInstance } from 'fastify';
import type { Services } from '../../rpc/context.ts';

/** POST /api/webhooks/stripe: Stripe's events, signature-checked over the raw body. */
export async function stripeWebhookRoute(_app: FastifyInstance, _opts: { services: Services }) {
}
