import { startRegistrarCallTimer } from '../../../observability/registrarMetrics.ts';
import { withDeadline } from '../../deadline.ts';
import { REGISTRAR_TIMEOUT_MS } from '../registrarHttp.ts';
import { RegistrarError, type RegistrarErrorKind } from '../registrar.ts';

export interface CloudflareConnection {
  /** 'https://api.cloudflare.com/client/v4' (a fake's URL in tests). */
  baseUrl: string;
  token: string;
  accountId: string;
  timeoutMs?: number;
}

/** The v4 envelope every Cloudflare API answer is wrapped in. */
export interface CloudflareEnvelope {
  success: boolean;
  errors: { code: number; message: string }[];
  messages: unknown[];
  result: unknown;
  result_info?: { page?: number; per_page?: number; count?: number; total_count?: number; total_pages?: number };
}

/** Cloudflare's own codes for a token that is missing, wrong, expired or lacks the permission. */
const AUTH_CODES = new Set([6003, 6111, 9103, 9106, 9109, 10000, 10001]);

/**
 * One call to the account's registrar endpoints. Only an answer in the v4 envelope is the API's:
 * a time-out, a dropped connection, a 5xx, a 429, or any body that is not the envelope (a proxy's
 * page) leaves the outcome unknown ('unavailable'). An envelope with success false is a refusal,
 * classified by its HTTP status and codes. The token travels only in the Authorization header and
 * is cut out of any message Cloudflare sends back.
 */
export async function cloudflareCall(
  connection: CloudflareConnection, command: string, method: 'GET' | 'PUT', path: string,
  options: { query?: Record<string, string>; body?: unknown; signal?: AbortSignal } = {},
): Promise<CloudflareEnvelope> {
  return withDeadline(connection.timeoutMs ?? REGISTRAR_TIMEOUT_MS, options.signal, async (signal, timedOut) => {
    const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
    const url = `${connection.baseUrl}/accounts/${encodeURIComponent(connection.accountId)}/registrar${path}${query}`;
    const observed = startRegistrarCallTimer('cloudflare', command);
    // Timed as registrarCall times the others: a refusal in the API's envelope is an answer; only credentials refused are an error.
    const fail = (kind: RegistrarErrorKind, message: string, code?: string) => {
      observed(kind === 'auth' ? 'error' : kind === 'unavailable' ? (timedOut() ? 'timeout' : 'unknown') : 'ok');
      return new RegistrarError(kind, redact(message, connection.token), { registrar: 'cloudflare', command, code });
    };
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${connection.token}`,
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal,
        redirect: 'error',
      });
    } catch (error) {
      const late = timedOut() || (error instanceof Error && error.name === 'TimeoutError');
      if (late) observed('timeout');
      throw fail('unavailable', `cloudflare did not answer ${command}${late ? ' in time' : ''}.`);
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      throw fail('unavailable', `cloudflare dropped the answer to ${command}.`);
    }
    const status = response.status;
    if (status >= 500 || status === 429 || status === 408) throw fail('unavailable', `cloudflare answered ${command} with HTTP ${status}.`, String(status));
    const envelope = parseEnvelope(text);
    if (status === 401 || status === 403) {
      throw fail('auth', `cloudflare refused ${command} with HTTP ${status}${envelope ? `: ${errorText(envelope)}` : ''}.`, String(status));
    }
    if (!envelope) throw fail('unavailable', `cloudflare answered ${command} with HTTP ${status} and a body that is not its API's.`, String(status));
    if (status < 400 && envelope.success) {
      observed('ok');
      return envelope;
    }
    const codes = envelope.errors.map((e) => e.code);
    const kind: RegistrarErrorKind = codes.some((c) => AUTH_CODES.has(c)) ? 'auth'
      : status === 404 ? 'not_found'
        : status === 400 || status === 422 ? 'invalid'
          : 'failed';
    throw fail(kind, `cloudflare refused ${command}: ${errorText(envelope)}.`, codes[0] === undefined ? String(status) : String(codes[0]));
  });
}

function parseEnvelope(text: string): CloudflareEnvelope | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null) return null;
  const value = body as Record<string, unknown>;
  if (typeof value.success !== 'boolean' || !Array.isArray(value.errors)) return null;
  const errors = value.errors.map((e) => {
    const item = (typeof e === 'object' && e !== null ? e : {}) as Record<string, unknown>;
    return { code: typeof item.code === 'number' ? item.code : 0, message: typeof item.message === 'string' ? item.message : '' };
  });
  return {
    success: value.success, errors, messages: Array.isArray(value.messages) ? value.messages : [], result: value.result ?? null,
    result_info: typeof value.result_info === 'object' && value.result_info !== null ? value.result_info as CloudflareEnvelope['result_info'] : undefined,
  };
}

function errorText(envelope: CloudflareEnvelope): string {
  const said = envelope.errors.map((e) => (e.message ? `${e.message} (${e.code})` : `code ${e.code}`)).join('; ');
  return said || 'no reason given';
}

export function redact(text: string, secret: string): string {
  return secret ? text.split(secret).join('***') : text;
}
