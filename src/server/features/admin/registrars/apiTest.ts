import { HIDDEN_VALUE } from '../../../../common/admin/audit/texts.ts';
import { type Registrar, RegistrarError } from '../../../integrations/registrars/registrar.ts';
import type { FunctionContext } from '../../../rpc/context.ts';

/** Each step of a test is bounded: an operator is waiting on the page. */
export const TEST_STEP_TIMEOUT_MS = 20_000;

export interface TestLogLine { at: string; msg: string; extra: Record<string, unknown> | null }
export interface ApiTestOutcome { success: boolean; logs: TestLogLine[]; error: string | null }

/**
 * Read-only calls only: the adapter's connection test (its balance or account read), then an
 * availability check of the operator's domain (skipped where the supplier has none). Every line is stamped when it was written and
 * has the registrar secrets of the configuration blanked, whatever an adapter or an error said.
 */
export async function testRegistrar(ctx: Pick<FunctionContext, 'services' | 'log'>, registrar: Registrar, domain: string): Promise<ApiTestOutcome> {
  const { clock, config } = ctx.services;
  const secrets = [config.NAMECHEAP_API_KEY, config.DYNADOT_API_KEY, config.ENOM_PW, config.CLOUDFLARE_API_TOKEN].filter((s): s is string => typeof s === 'string' && s.length > 0);
  const logs: TestLogLine[] = [];
  const write = (msg: string, extra: Record<string, unknown> | null = null) => {
    logs.push({ at: clock.nowIso(), msg: secrets.reduce((text, secret) => text.split(secret).join(HIDDEN_VALUE), msg), extra });
  };
  const failure = (error: unknown): string => {
    if (error instanceof RegistrarError) return `Failed (${error.kind}): ${error.message}`;
    if (error instanceof Error && error.name === 'TimeoutError') return `No answer within ${TEST_STEP_TIMEOUT_MS / 1000} s.`;
    // Not shown: an unexpected error may carry a URL with credentials in it.
    ctx.log.error({ err: error, registrar: registrar.id }, 'registrar API test failed');
    return 'Failed unexpectedly; the server log has the details.';
  };

  write(`Testing ${registrar.name} (${registrar.id}) with read-only calls.`);
  let error: string | null = null;

  let started = performance.now();
  try {
    const connection = await registrar.testConnection({ signal: AbortSignal.timeout(TEST_STEP_TIMEOUT_MS) });
    for (const line of connection.log) write(line);
    write(connection.ok ? 'Connection test passed.' : 'Connection test failed.', { step: 'connection', ok: connection.ok, durationMs: elapsed(started) });
    if (!connection.ok) error = 'The connection test failed.';
  } catch (thrown) {
    error = failure(thrown);
    write(error, { step: 'connection', ok: false, durationMs: elapsed(started) });
  }

  started = performance.now();
  write(`Checking availability of ${domain}.`);
  try {
    const [answer] = await registrar.checkAvailability([domain], { signal: AbortSignal.timeout(TEST_STEP_TIMEOUT_MS) });
    const extra = { step: 'availability', durationMs: elapsed(started), available: answer.available, premium: answer.premium, premiumPriceCents: answer.premiumPriceCents };
    if (answer.error) {
      error ??= `Availability check failed: ${answer.error}`;
      write(`The registrar could not check ${domain}: ${answer.error}`, { ...extra, ok: false });
    } else {
      write(`${domain} is ${answer.available ? 'available' : 'taken'}${answer.premium ? ' (premium)' : ''}.`, { ...extra, ok: true });
    }
  } catch (thrown) {
    // A supplier that sells nothing (Cloudflare) has no availability check: nothing is wrong with it.
    if (thrown instanceof RegistrarError && thrown.kind === 'unsupported') {
      write(`Skipped: ${thrown.message}`, { step: 'availability', ok: true, skipped: true, durationMs: elapsed(started) });
    } else {
      const message = failure(thrown);
      error ??= message;
      write(message, { step: 'availability', ok: false, durationMs: elapsed(started) });
    }
  }

  write(error === null ? 'The API answered every test call.' : 'The test found a problem; see the lines above.');
  return { success: error === null, logs, error };
}

const elapsed = (since: number) => Math.round(performance.now() - since);
