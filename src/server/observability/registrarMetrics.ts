import client from 'prom-client';
import { processRegistry } from './processMetrics.ts';

/**
 * How one HTTP exchange with a supplier ended, as an operator reads supplier health:
 * - ok: the supplier answered in its API's shape (a business refusal inside it is still an answer);
 * - error: it refused the call for sure (credentials, permission, a refusal in its envelope);
 * - timeout: no answer before our deadline or the caller's;
 * - unknown: no answer we can read (connection refused or dropped, 5xx, 429, a proxy's page):
 *   the supplier may have acted (the registrar outcome model, docs/decisions.md).
 */
export type RegistrarCallOutcome = 'ok' | 'error' | 'timeout' | 'unknown';

const callDuration = new client.Histogram({
  name: 'portal_registrar_call_duration_seconds',
  help: 'Duration of HTTP calls to domain suppliers, by supplier, API operation and outcome (ok, error, timeout, unknown).',
  labelNames: ['supplier', 'operation', 'outcome'],
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60],
  registers: [processRegistry],
});

const callErrors = new client.Counter({
  name: 'portal_registrar_call_errors_total',
  help: 'HTTP calls to domain suppliers that did not end with an answer, by supplier, operation and outcome (error, timeout, unknown).',
  labelNames: ['supplier', 'operation', 'outcome'],
  registers: [processRegistry],
});

/** Operations are the adapters' own command names (a fixed set in code), never text from the supplier. */
export function recordRegistrarCall(supplier: string, operation: string, outcome: RegistrarCallOutcome, seconds: number): void {
  callDuration.labels(supplier, operation, outcome).observe(seconds);
  if (outcome !== 'ok') callErrors.labels(supplier, operation, outcome).inc();
}

/** Starts timing one exchange; the answer records it once with the outcome it ended with. */
export function startRegistrarCallTimer(supplier: string, operation: string): (outcome: RegistrarCallOutcome) => void {
  const started = performance.now();
  let recorded = false;
  return (outcome) => {
    if (recorded) return;
    recorded = true;
    recordRegistrarCall(supplier, operation, outcome, (performance.now() - started) / 1000);
  };
}
