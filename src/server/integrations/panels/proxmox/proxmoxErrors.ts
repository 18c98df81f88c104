import { PanelError, type PanelErrorKind } from '../panel.ts';
import { panelName } from '../panelHttp.ts';

const PANEL = 'proxmox' as const;

/** Proxmox VE's answer body: `{"data": …}`, with `errors` (per parameter) on a 400 and, on newer versions, `message`. */
export interface ProxmoxEnvelope {
  data: unknown;
  errors?: Record<string, string>;
  message?: string;
}

export function parseEnvelope(text: string): ProxmoxEnvelope | null {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('data' in body)) return null;
  const value = body as Record<string, unknown>;
  const errors = typeof value.errors === 'object' && value.errors !== null
    ? Object.fromEntries(Object.entries(value.errors).map(([key, said]) => [key, String(said).trim()]))
    : undefined;
  return { data: value.data, errors, message: typeof value.message === 'string' ? value.message : undefined };
}

/** Cuts every secret (the token's, a password being set) out of text the panel sends back. */
export function redact(text: string, secrets: readonly string[]): string {
  return secrets.reduce((result, secret) => (secret ? result.split(secret).join('***') : result), text);
}

/** The panel's reason: the status line, else the body's message, with the per-parameter errors of a 400. */
export function reasonOf(statusText: string, envelope: ProxmoxEnvelope | null, status: number): string {
  const said = statusText.trim() || envelope?.message?.trim() || `HTTP ${status}`;
  const fields = Object.entries(envelope?.errors ?? {}).map(([key, text]) => `${key}: ${text}`);
  return fields.length ? `${said} (${fields.join('; ')})` : said;
}

/**
 * The kind of a reason Proxmox states in a 500 or in a failed task's exit status. Its API code
 * dies with plain text, so the text is all there is: a taken VMID, a missing configuration file.
 */
export function kindOfReason(reason: string): PanelErrorKind | null {
  if (/already exists/i.test(reason)) return 'exists';
  if (/does not exist|no such (vm|guest|task)/i.test(reason)) return 'not_found';
  if (/protection mode enabled/i.test(reason)) return 'refused';
  return null;
}

export const proxmoxError = (kind: PanelErrorKind, message: string, command: string, code?: string) =>
  new PanelError(kind, message, { panel: PANEL, command, code });

/**
 * An HTTP answer that is not a success. Proxmox uses real statuses with the message in the status
 * line: 401 credentials refused (403: the token lacks a privilege), 400 parameter verification,
 * 500 whatever its code died with, 501 no such method; 595/596 when a node could not reach
 * another. Only an answer in the API's envelope is the panel's own word: a proxy's 401 or page
 * says nothing was done (401/403) or leaves the outcome open.
 */
export function errorOfAnswer(
  answer: { status: number; statusText: string; text: string }, command: string, write: boolean, secrets: readonly string[],
): PanelError {
  const envelope = parseEnvelope(answer.text);
  const reason = redact(reasonOf(answer.statusText, envelope, answer.status), secrets);
  const code = String(answer.status);
  const name = panelName(PANEL);
  if (answer.status === 401 || answer.status === 403) {
    if (!envelope) return proxmoxError('unavailable', `Something in front of ${name} refused ${command} (HTTP ${answer.status}).`, command, code);
    return proxmoxError('auth', `${name} refused the API token for ${command}: ${reason}.`, command, code);
  }
  if (envelope && (answer.status === 400 || answer.status === 501)) return proxmoxError('refused', `${name} refused ${command}: ${reason}.`, command, code);
  const stated = envelope && answer.status === 500 ? kindOfReason(reason) : null;
  if (stated) return proxmoxError(stated, `${name} refused ${command}: ${reason}.`, command, code);
  if (write) return proxmoxError('unknown', `${name} answered ${command} with HTTP ${answer.status} (${reason}); it may have acted.`, command, code);
  return proxmoxError('unavailable', `${name} could not answer ${command}: HTTP ${answer.status} (${reason}).`, command, code);
}
