import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import client from 'prom-client';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../clock.ts';
import { registerJobQueueMetrics } from './jobQueueMetrics.ts';
import { processRegistry } from './processMetrics.ts';
import './requestMetrics.ts';
import './registrarMetrics.ts';
import { registerWebhookMetrics } from './webhookMetrics.ts';

interface Target { expr: string; datasource: { uid: string } }
interface Panel { type: string; title: string; datasource?: { uid: string }; targets?: Target[] }
const dashboard = JSON.parse(readFileSync(new URL('../../../docs/grafana-dashboard.json', import.meta.url), 'utf8')) as {
  templating: { list: { name: string; type: string; query: unknown }[] };
  panels: Panel[];
};
const panels = dashboard.panels.filter((p) => p.type !== 'row');
const exprs = panels.flatMap((p) => (p.targets ?? []).map((t) => t.expr));

/** Every series name /metrics can show: the process's, and those read at scrape time. */
async function exposedNames(): Promise<Set<string>> {
  const scrape = new client.Registry();
  const log = { warn: () => {} } as unknown as FastifyBaseLogger;
  registerWebhookMetrics(async () => [], systemClock, { registry: scrape, log });
  registerJobQueueMetrics(async () => [], { registry: scrape, log });
  const names = new Set<string>();
  for (const registry of [processRegistry, scrape]) {
    for (const metric of registry.getMetricsAsArray()) {
      names.add(metric.name);
      if (metric instanceof client.Histogram) for (const suffix of ['_bucket', '_count', '_sum']) names.add(`${metric.name}${suffix}`);
    }
  }
  return names;
}

describe('docs/grafana-dashboard.json', () => {
  it('asks for the data source on import, and every panel and query uses it', () => {
    expect(dashboard.templating.list.find((v) => v.name === 'datasource')).toMatchObject({ type: 'datasource', query: 'prometheus' });
    for (const panel of panels) {
      expect(panel.datasource?.uid, panel.title).toBe('${datasource}');
      for (const target of panel.targets ?? []) expect(target.datasource.uid, panel.title).toBe('${datasource}');
    }
  });

  it('queries only series the portal exposes', async () => {
    const names = await exposedNames();
    const used = new Set(exprs.flatMap((expr) => expr.match(/\b(?:portal|process|nodejs|http)_[a-z0-9_]+/g) ?? []));
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !names.has(name))).toEqual([]);
  });

  it('has the panels issue 20 asks for', () => {
    const wanted = [
      'portal_function_duration_seconds_count', 'portal_function_duration_seconds_bucket', 'outcome="server_error"', 'outcome="rate_limited"',
      'portal_job_queue_waiting', 'portal_job_queue_oldest_waiting_seconds', 'portal_job_queue_failed',
      'portal_webhook_consecutive_failures', 'portal_webhook_pending_deliveries', 'portal_webhook_disabled',
      'portal_registrar_call_duration_seconds_bucket', 'portal_registrar_call_errors_total',
      'process_resident_memory_bytes', 'nodejs_eventloop_lag_p99_seconds',
    ];
    expect(wanted.filter((piece) => !exprs.some((expr) => expr.includes(piece)))).toEqual([]);
    for (const quantile of ['0.5', '0.95', '0.99']) {
      expect(exprs.some((e) => e.startsWith(`histogram_quantile(${quantile}, sum by (le, function)`)), quantile).toBe(true);
    }
  });
});
