import { FUNCTION_TIMEOUT_MS } from '../../common/constants.ts';
import type { Contracts, FunctionName } from '../../common/contracts/index.ts';
import type { InputOf, OutputOf } from '../../common/protocol.ts';

/** Lower-case codes as the spec's client names them, mapped from the HTTP status. */
const codeByStatus: Record<number, string> = {
  400: 'invalid-argument', 401: 'unauthenticated', 403: 'permission-denied', 404: 'not-found',
  409: 'aborted', 429: 'resource-exhausted', 499: 'cancelled', 500: 'internal', 501: 'unimplemented',
  503: 'unavailable', 504: 'deadline-exceeded',
};

export class FunctionCallError extends Error {
  constructor(readonly code: string, message: string, readonly details?: unknown) {
    super(message);
  }
}

export type FnInput<N extends FunctionName> = InputOf<Contracts[N]>;
export type FnOutput<N extends FunctionName> = OutputOf<Contracts[N]>;

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
      ? new FunctionCallError('deadline-exceeded', 'The request timed out. Please try again.')
      : new FunctionCallError('unavailable', 'Could not reach the server. Please check your connection.');
  } finally {
    clearTimeout(timer);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new FunctionCallError('internal', 'Response is not valid JSON object.');
  }
  if (typeof body !== 'object' || body === null) throw new FunctionCallError('internal', 'Response is not valid JSON object.');
  const envelope = body as { result?: unknown; error?: { message?: string; details?: unknown } };
  if (!response.ok) {
    const code = codeByStatus[response.status] ?? 'unknown';
    throw new FunctionCallError(code, envelope.error?.message ?? code, envelope.error?.details);
  }
  if (!('result' in envelope)) throw new FunctionCallError('internal', 'Response is missing data field.');
  return envelope.result as FnOutput<N>;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
