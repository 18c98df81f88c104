import type { FastifyInstance } from 'fastify';
import { BODY_LIMIT_BYTES } from '../../http/jsonBody.ts';
import { sendError, sendInternal } from '../../http/errorHandler.ts';
import type { Services } from '../../rpc/context.ts';
import { invalidArgument, notFound } from '../../rpc/errors.ts';
import { WebhookSignatureError } from './provider.ts';

export const WEBHOOKS_NOT_CONFIGURED = 'Stripe webhooks are not configured: payments run in test mode.';

/**
 * POST /api/webhooks/stripe: Stripe's events, signature-checked over the raw body. An
 * encapsulated plugin: its own parser keeps the exact bytes Stripe signed (the app's JSON parser
 * would parse them, and refuses other types), for this route only.
 */
export async function stripeWebhookRoute(app: FastifyInstance, opts: { services: Services }) {
  const { services } = opts;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) => done(null, body));

  app.post('/api/webhooks/stripe', async (request, reply) => {
    if (services.payments.mode !== 'stripe') return sendError(request, reply, notFound(WEBHOOKS_NOT_CONFIGURED));
    const signature = request.headers['stripe-signature'];
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    let event;
    try {
      event = services.payments.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined);
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        request.log.warn({ reason: error.message }, 'stripe webhook refused');
        return sendError(request, reply, invalidArgument(error.message));
      }
      return sendInternal(request, reply, error);
    }
    try {
      // A redelivery, or a type no area handles, is acknowledged too: Stripe must stop sending it.
      await services.receivePaymentEvent(event);
    } catch (error) {
      // 500 makes Stripe deliver again later; the receiver left nothing behind.
      request.log.error({ eventId: event.id, eventType: event.type }, 'stripe webhook handler failed');
      return sendInternal(request, reply, error);
    }
    return reply.send({ received: true });
  });
}
