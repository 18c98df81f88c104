import client from 'prom-client';
import type { Clock } from '../clock.ts';
import type { WebhookHealthReading } from '../features/events/index.ts';
import { type ScrapeReaderOptions, timeBoxedReader } from './scrapeReader.ts';

const HEALTH_STATES = ['healthy', 'degraded', 'error', 'disabled'] as const;

/**
 * Each webhook endpoint's health as the delivery engine keeps it, read at scrape time and
 * labelled by the webhook's id (operators keep tens of them, so the label set stays small).
 */
export function registerWebhookMetrics(
  source: () => Promise<WebhookHealthReading[]>, clock: Clock, options: Omit<ScrapeReaderOptions, 'name'>,
): void {
  const read = timeBoxedReader(source, { ...options, name: 'webhooks' });
  const ageSeconds = (iso: string | null) => (iso === null ? null : Math.max(0, (clock.now().getTime() - Date.parse(iso)) / 1000));
  const gauge = (name: string, help: string, fill: (g: client.Gauge, w: WebhookHealthReading) => void, labelNames = ['webhook_id']) =>
    new client.Gauge({
      name, help, labelNames, registers: [options.registry],
      async collect() {
        const webhooks = await read();
        this.reset();
        for (const w of webhooks ?? []) fill(this, w);
      },
    });
  const set = (value: (w: WebhookHealthReading) => number | null) => (g: client.Gauge, w: WebhookHealthReading) => {
    const v = value(w);
    if (v !== null) g.set({ webhook_id: w.id }, v);
  };

  gauge('portal_webhook_info', 'One series per webhook endpoint, naming it (value 1).', (g, w) => g.set({ webhook_id: w.id, name: w.name }, 1),
    ['webhook_id', 'name']);
  gauge('portal_webhook_health', 'The endpoint\'s health state (1 for the state it is in): healthy, degraded, error, disabled.', (g, w) => {
    for (const state of HEALTH_STATES) g.set({ webhook_id: w.id, state }, w.health === state ? 1 : 0);
  }, ['webhook_id', 'state']);
  gauge('portal_webhook_disabled', '1 when the endpoint is switched off (by an operator, or by the engine after 24 h of failures or a 410).',
    set((w) => (w.isActive ? 0 : 1)));
  gauge('portal_webhook_consecutive_failures', 'Failed delivery attempts since the endpoint\'s last success.', set((w) => w.consecutiveFailures));
  gauge('portal_webhook_pending_deliveries', 'Deliveries still to be made to the endpoint (first attempts and retries).', set((w) => w.pending));
  gauge('portal_webhook_oldest_pending_seconds', 'Age of the endpoint\'s oldest pending delivery; absent when none waits.',
    set((w) => ageSeconds(w.oldestPendingAt)));
  gauge('portal_webhook_last_success_age_seconds', 'Time since the endpoint\'s last successful delivery; absent before its first.',
    set((w) => ageSeconds(w.lastSuccessAt)));
}
