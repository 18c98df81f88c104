import { FUNCTION_TIMEOUT_MS } from '../../common/constants.ts';
import type { FnInput, FnOutput, FunctionName } from '../../common/contracts/index.ts';
import { CLIENT_TEXTS, codeForStatus, tooManyRequestsText } from './errorTexts.ts';
import { FunctionCallError } from './functionCallError.ts';

export { FunctionCallError };

export type { FnInput, FnOutput };

/** Calls a server function over the callable-function protocol (cookie session, 70 s time-out). */
export async function callFunction<N extends FunctionName>(name: N, data: FnInput<N>): Promise<FnOutput<N>> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), FUNCTION_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`/api/fn/${name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify({ data }),
      signal: controller.signal,
    });
  } catch (error) {
    throw controller.signal.aborted
      ? new FunctionCallError('deadline-exceeded', CLIENT_TEXTS.timedOut)
      : new FunctionCallError('unavailable', CLIENT_TEXTS.unreachable);
  } finally {
    clearTimeout(timer);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (response.status === 429) {
    // The portal's own answer carries its sentence; a balancer's 429 page may carry none.
    const refused = body as { error?: { message?: unknown } } | null;
    const message = typeof refused?.error?.message === 'string' && refused.error.message
      ? refused.error.message
      : tooManyRequestsText(response.headers.get('retry-after'));
    throw new FunctionCallError('resource-exhausted', message);
  }
  if (typeof body !== 'object' || body === null) throw new FunctionCallError('internal', CLIENT_TEXTS.invalidBody);
  const envelope = body as { result?: unknown; error?: { message?: string; details?: unknown } };
  if (!response.ok) {
    const code = codeForStatus(response.status);
    throw new FunctionCallError(code, envelope.error?.message ?? code, envelope.error?.details);
  }
  if (!('result' in envelope)) throw new FunctionCallError('internal', CLIENT_TEXTS.missingData);
  return envelope.result as FnOutput<N>;
}
