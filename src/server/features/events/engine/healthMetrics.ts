import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { Health } from './health.ts';

/** One webhook endpoint as `/metrics` shows it: what the engine already keeps on its row, and its backlog. */
export interface WebhookHealthReading {
  id: string;
  name: string;
  isActive: boolean;
  health: Health;
  consecutiveFailures: number;
  /** ISO instant; null before its first successful delivery. */
  lastSuccessAt: string | null;
  /** Deliveries still to be made (first attempts and retries). */
  pending: number;
  /** ISO instant the oldest of them was created; null when none waits. */
  oldestPendingAt: string | null;
}

/**
 * Read at every scrape, so two cheap queries: the webhooks (operators keep tens, not thousands)
 * and the pending deliveries grouped by webhook, which the (status, next_attempt_at) index
 * narrows to the backlog.
 */
export async function readWebhookHealth(db: Kysely<Database>): Promise<WebhookHealthReading[]> {
  const [webhooks, backlog] = await Promise.all([
    db.selectFrom('webhooks')
      .select(['id', 'name', 'is_active', 'health_status', 'consecutive_failures', 'last_success_at'])
      .orderBy('id').execute(),
    db.selectFrom('webhook_deliveries')
      .select(['webhook_id', (eb) => eb.fn.countAll<number | string>().as('n'), (eb) => eb.fn.min('created_at').as('oldest')])
      .where('status', '=', 'pending')
      .groupBy('webhook_id').execute(),
  ]);
  const byWebhook = new Map(backlog.map((row) => [row.webhook_id, row]));
  return webhooks.map((w) => {
    const waiting = byWebhook.get(w.id);
    return {
      id: w.id,
      name: w.name,
      isActive: Boolean(w.is_active),
      health: w.health_status,
      consecutiveFailures: Number(w.consecutive_failures),
      lastSuccessAt: w.last_success_at,
      pending: waiting ? Number(waiting.n) : 0,
      oldestPendingAt: waiting?.oldest ?? null,
    };
  });
}
