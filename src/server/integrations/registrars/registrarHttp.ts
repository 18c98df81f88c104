import { startRegistrarCallTimer } from '../../observability/registrarMetrics.ts';
import { withDeadline } from '../deadline.ts';
import { RegistrarError, type RegistrarId } from './registrar.ts';

/** A registrar call that takes longer than this fails as 'unavailable', outcome unknown (a search passes a shorter signal). */
export const REGISTRAR_TIMEOUT_MS = 30_000;

export interface RegistrarRequest {
  registrar: RegistrarId;
  /** The API command, for errors and logs ('namecheap.domains.check', 'search', 'Check'). */
  command: string;
  url: string;
  method?: 'GET' | 'POST';
  /** Sent as the query string (GET) or as an application/x-www-form-urlencoded body (POST). */
  params: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * One HTTP exchange with a registrar: answers the body text of any HTTP answer (these APIs put
 * business errors inside HTTP 200, so the adapter reads the body), and turns what never produced
 * an answer it can read (refused, dropped, timed out, aborted, 5xx, 429, and a 4xx other than
 * 401/403) into RegistrarError 'unavailable': the outcome is unknown. A 408 or 499 comes from a
 * proxy that gave up while the registrar may still be working; a 400 or 404 from a load balancer
 * says nothing about the registrar; only 401/403 say for sure that nothing was done. The
 * messages name the registrar and the command, never the URL: its query holds the credentials.
 */
export async function registrarCall(request: RegistrarRequest): Promise<string> {
  const { registrar, command } = request;
  const observed = startRegistrarCallTimer(registrar, command);
  return withDeadline(request.timeoutMs ?? REGISTRAR_TIMEOUT_MS, request.signal, async (signal, timedOut) => {
    const body = new URLSearchParams(request.params).toString();
    const post = request.method === 'POST';
    let response: Response;
    try {
      response = await fetch(post ? request.url : `${request.url}${request.url.includes('?') ? '&' : '?'}${body}`, {
        method: post ? 'POST' : 'GET',
        headers: post ? { 'content-type': 'application/x-www-form-urlencoded' } : undefined,
        body: post ? body : undefined,
        signal,
        redirect: 'error',
      });
    } catch (error) {
      const late = timedOut() || (error instanceof Error && error.name === 'TimeoutError');
      observed(late ? 'timeout' : 'unknown');
      throw new RegistrarError('unavailable', `${registrar} did not answer ${command}${late ? ' in time' : ''}.`, { registrar, command });
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      observed(timedOut() ? 'timeout' : 'unknown');
      throw new RegistrarError('unavailable', `${registrar} dropped the answer to ${command}.`, { registrar, command });
    }
    if (response.status === 401 || response.status === 403) {
      observed('error');
      throw new RegistrarError('auth', `${registrar} refused ${command} with HTTP ${response.status}.`, { registrar, command, code: String(response.status) });
    }
    if (response.status >= 400) {
      observed('unknown');
      throw new RegistrarError('unavailable', `${registrar} answered ${command} with HTTP ${response.status}.`, { registrar, command, code: String(response.status) });
    }
    // An answer, whatever it says: a refusal inside it (a name taken) is the supplier working.
    observed('ok');
    return text;
  });
}
