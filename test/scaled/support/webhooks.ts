import { startReceiver } from '../../support/events/engine.ts';
import type { Client, Credentials, Route } from './api.ts';

/**
 * A customer's webhook receiver that knows which deliveries it acknowledged (answered 2xx), by
 * their Standard Webhooks `webhook-id`. A request it holds (a slow receiver) is not acknowledged.
 */
export async function startCountingReceiver() {
  const acknowledged = new Map<string, number>();
  const held = new Set<string>();
  const state = { holding: false };
  const receiver = await startReceiver((request) => {
    const id = String(request.headers['webhook-id']);
    if (state.holding && request.url === '/held') {
      held.add(id);
      return 'hang';
    }
    acknowledged.set(id, (acknowledged.get(id) ?? 0) + 1);
    return { status: 200 };
  });
  return {
    url: receiver.url,
    acknowledged,
    /** webhook-ids of the requests it held. */
    held,
    received: receiver.received,
    hold() { state.holding = true; },
    /** Stops holding and cuts the held requests (their senders see a reset connection). */
    release() {
      state.holding = false;
      receiver.dropHanging();
    },
    close: () => receiver.close(),
  };
}

/** A webhook and a flow sending it every event of `eventType`, saved through the back office's functions. */
export async function webhookFor(api: Client, route: Route, admin: Credentials, options: { url: string; eventType: string; timeoutMs: number }) {
  const { webhook } = await api.ok(route, 'saveWebhook', {
    name: `Scaled ${options.eventType}`, url: options.url,
    retryPolicy: { maxRetries: 10, backoffStrategy: 'fixed', initialDelay: 100, maxDelay: 100 },
    config: { timeout: options.timeoutMs, followRedirects: false },
  }, admin);
  await api.ok(route, 'saveFlow', {
    name: `Scaled ${options.eventType}`,
    triggers: [{ eventType: options.eventType, conditions: [] }],
    actions: [{ webhookId: webhook.webhookId, config: { timeout: options.timeoutMs, retries: 10 } }],
  }, admin);
  return webhook.webhookId;
}
