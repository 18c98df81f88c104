import { RegistrarError } from '../registrar.ts';
import { registrarCall } from '../registrarHttp.ts';
import { dynadotError } from './dynadotErrors.ts';

export type Json = Record<string, unknown>;

export interface DynadotConnection {
  url: string;
  key: string;
  timeoutMs?: number;
}

/** Keys compared without case or punctuation: live answers mix 'ResponseCode', 'responsecode' and even 'ResponseCode: '. */
const norm = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

export function field(object: unknown, ...names: string[]): unknown {
  if (!isObject(object)) return undefined;
  for (const name of names) {
    const wanted = norm(name);
    const key = Object.keys(object).find((k) => norm(k) === wanted);
    if (key !== undefined && object[key] !== null && object[key] !== undefined) return object[key];
  }
  return undefined;
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value).trim() : '';
}

/** XML mirrored into JSON turns a one-element list into an object; callers always want a list. */
export function list(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  return value === undefined || value === null || value === '' ? [] : [value];
}

export function yes(value: unknown): boolean | null {
  const t = text(value).toLowerCase();
  if (['yes', 'true', '1', 'on', 'y'].includes(t)) return true;
  if (['no', 'false', '0', 'off', 'n'].includes(t)) return false;
  return null;
}

/** Dynadot dates are Unix epoch milliseconds (number or string); seconds and ISO strings are accepted too. */
export function isoDate(value: unknown): string | null {
  const t = text(value);
  if (!t) return null;
  let ms: number;
  if (/^\d+$/.test(t)) {
    const n = Number(t);
    ms = n < 1e11 ? n * 1000 : n;
  } else {
    ms = Date.parse(t);
  }
  return Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString() : null;
}

/** '12.99', '$1,299.00', '12.99 in USD' → cents; null when no amount is there. */
export function cents(value: unknown): number | null {
  const match = /(\d[\d,]*(?:\.\d+)?)/.exec(text(value));
  if (!match) return null;
  return Math.round(Number(match[1].replace(/,/g, '')) * 100);
}

export function redact(message: string, key: string): string {
  return key ? message.split(key).join('***') : message;
}

/**
 * One api3 command: sends key and command with its parameters (GET, as api3 takes them), reads
 * the JSON answer in either of its shapes (flat `<Cmd>Response{ResponseCode, Status, …}` or the
 * XML-mirrored `<Cmd>Header{SuccessCode}` + `<Cmd>Content`), and answers the payload of a success;
 * anything else becomes a RegistrarError of the mapped kind.
 */
export async function dynadotCall(connection: DynadotConnection, command: string, params: Record<string, string>, signal?: AbortSignal): Promise<Json> {
  const body = await registrarCall({
    registrar: 'dynadot', command, url: connection.url, method: 'GET',
    params: { key: connection.key, command, ...params }, signal, timeoutMs: connection.timeoutMs,
  });
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    const start = redact(body.slice(0, 40).replace(/\s+/g, ' ').trim(), connection.key);
    // A proxy's or maintenance page, or a body cut short: nothing says whether Dynadot acted.
    throw new RegistrarError('unavailable', `Dynadot answered ${command} with a body that is not JSON${start ? ` (it starts "${start}")` : ' (empty)'}.`,
      { registrar: 'dynadot', command });
  }
  const { code, status, error, payload } = unwrap(parsed, command);
  const succeeded = code === null ? /^success/i.test(status) : code === '0';
  if (succeeded && !error) return payload;
  throw dynadotError(command, code, status, redact(error, connection.key));
}

function unwrap(parsed: unknown, command: string) {
  if (!isObject(parsed)) {
    throw new RegistrarError('unavailable', `Dynadot answered ${command} with JSON that is not an object.`, { registrar: 'dynadot', command });
  }
  const responseKey = Object.keys(parsed).find((k) => /response$/i.test(k) && isObject(parsed[k]));
  const root = responseKey ? (parsed[responseKey] as Json) : parsed;
  const payload: Json = { ...root };
  for (const [key, value] of Object.entries(root)) {
    if (/(header|content)$/i.test(key) && isObject(value)) Object.assign(payload, value);
  }
  // The bare `<Cmd>Header` shape (no Response wrapper) keeps its sibling parts at the top.
  if (!responseKey) {
    for (const [key, value] of Object.entries(parsed)) {
      if (/(header|content)$/i.test(key) && isObject(value)) Object.assign(payload, value);
    }
  }
  const rawCode = field(payload, 'ResponseCode', 'SuccessCode');
  return {
    code: rawCode === undefined ? null : text(rawCode),
    status: text(field(payload, 'Status')),
    error: text(field(payload, 'Error')),
    payload,
  };
}
