import { Agent, fetch as undiciFetch } from 'undici';
import { PANEL_NAMES, type PanelKind } from '../../../common/hosting/panels.ts';
import { withDeadline } from '../deadline.ts';
import { type PanelCallOptions, type PanelConnection, PanelError } from './panel.ts';

/** Reads and quick writes; a create (cPanel's createacct can take minutes) passes a longer one. */
export const PANEL_TIMEOUT_MS = 60_000;
export const PANEL_CREATE_TIMEOUT_MS = 240_000;
/** A connection that is not made within this is a panel that is down: nothing was sent. */
const CONNECT_TIMEOUT_MS = 10_000;

export interface PanelRequest {
  /** The panel's function, for the call log and errors; never holds a value. */
  command: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path and query from the server's root ('/json-api/createacct?api.version=1&…'). */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
}

export interface PanelResponse {
  status: number;
  /** The HTTP reason phrase: where Proxmox VE puts its error message. */
  statusText: string;
  contentType: string;
  text: string;
}

// Panels ship self-signed certificates; a server set not to verify gets its own dispatcher.
const insecureAgent = new Agent({ connect: { rejectUnauthorized: false, timeout: CONNECT_TIMEOUT_MS } });
const agent = new Agent({ connect: { timeout: CONNECT_TIMEOUT_MS } });

export const baseUrlOf = (connection: PanelConnection) => `${connection.scheme}://${connection.host}:${connection.port}`;

/**
 * One HTTP exchange with a panel. Answers any HTTP answer as it came (adapters read bodies: most
 * panels put business errors in HTTP 200, Proxmox uses real statuses) and turns what produced no
 * answer into a PanelError: 'unavailable' when the connection was never made (nothing was sent),
 * 'unknown' when the request went out and no answer came back (time-out, dropped connection). The
 * messages name the panel and the command, never the URL or a header.
 */
export async function panelFetch(connection: PanelConnection, request: PanelRequest, options: PanelCallOptions = {}): Promise<PanelResponse> {
  const panel = connection.kind;
  const started = performance.now();
  const record = (status: number | null, outcome: string) =>
    options.record?.({ command: request.command, status, ms: Math.round(performance.now() - started), outcome });
  return withDeadline(request.timeoutMs ?? PANEL_TIMEOUT_MS, options.signal, async (signal, timedOut) => {
    let response: Awaited<ReturnType<typeof undiciFetch>>;
    try {
      response = await undiciFetch(`${baseUrlOf(connection)}${request.path}`, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal,
        redirect: 'manual',
        dispatcher: connection.verifyTls ? agent : insecureAgent,
      });
    } catch (error) {
      const notConnected = connectFailure(error);
      record(null, notConnected ? 'not reachable' : timedOut() ? 'timed out' : 'no answer');
      if (notConnected) throw new PanelError('unavailable', `${panelName(panel)} at ${connection.host} could not be reached (${notConnected}).`, { panel, command: request.command });
      throw new PanelError('unknown', `${panelName(panel)} did not answer ${request.command}${timedOut() ? ' in time' : ''}; it may have acted.`, { panel, command: request.command });
    }
    let text: string;
    try {
      text = await response.text();
    } catch {
      record(response.status, 'answer dropped');
      throw new PanelError('unknown', `${panelName(panel)} dropped the answer to ${request.command}; it may have acted.`, { panel, command: request.command });
    }
    record(response.status, response.status < 400 ? 'ok' : `HTTP ${response.status}`);
    return { status: response.status, statusText: response.statusText, contentType: response.headers.get('content-type') ?? '', text };
  });
}

/** The reason a connection was never made, or null when the request may have gone out. */
function connectFailure(error: unknown): string | null {
  const code = codeOf(error);
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'unknown host';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'host unreachable';
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return 'connection timed out';
  if (code && /^(ERR_TLS|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO_VERIFY)/.test(code)) return 'the certificate was not accepted';
  return null;
}

function codeOf(error: unknown): string | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const panelName = (kind: PanelKind) => PANEL_NAMES[kind];

/** An answer that is not the API's (an HTML error page, a proxy's body): the request may have been carried out. */
export function unreadableAnswer(connection: PanelConnection, command: string, status: number): PanelError {
  return new PanelError('unknown', `${panelName(connection.kind)} answered ${command} with something that is not its API's answer (HTTP ${status}); it may have acted.`, { panel: connection.kind, command, code: String(status) });
}
