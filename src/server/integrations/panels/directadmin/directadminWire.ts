/**
 * DirectAdmin's legacy API answers URL-encoded text (`error=0&text=…&details=…`, lists as
 * `list[]=a&list[]=b`) in which values may carry HTML entities, some of them unterminated
 * (`&#39`): read raw, such an entity would split the answer at its `&`. Each entity is turned into
 * its URL-encoded character first, so the query-string parse keeps the answer's structure.
 */

export interface DirectadminAnswer {
  /** Single values (the last one when a key repeats). */
  values: Record<string, string>;
  /** `list[]` style keys without the brackets: `list[]=a&list[]=b` gives lists.list = ['a', 'b']. */
  lists: Record<string, string[]>;
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

// Numeric entities may lack their ';' (DirectAdmin's `&#39`); named ones must have it, or a key like `&ltd=` would be eaten.
const ENTITY = /&#(\d{1,7});?|&#x([0-9a-f]{1,6});?|&(amp|lt|gt|quot|apos|nbsp);/gi;

function entityChar(decimal: string | undefined, hex: string | undefined, name: string | undefined): string {
  const code = decimal !== undefined ? Number(decimal) : hex !== undefined ? Number.parseInt(hex, 16) : null;
  if (code === null) return NAMED_ENTITIES[name!.toLowerCase()] ?? '';
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

/** Replaces HTML entities by what they stand for, encoded with `encode` (URL-encoding inside a raw answer, none inside a value). */
export function decodeEntities(text: string, encode: (char: string) => string = (char) => char): string {
  return text.replace(ENTITY, (_match, decimal?: string, hex?: string, name?: string) => encode(entityChar(decimal, hex, name)));
}

/** Whether `text` is shaped like an API answer at all (not an HTML page, a proxy's body or garbage). */
export function looksLikeApiAnswer(text: string): boolean {
  const trimmed = decodeEntities(text.trim(), encodeURIComponent);
  if (trimmed === '') return true;
  if (trimmed.startsWith('<')) return false;
  return trimmed.split('&').every((pair) => /^[A-Za-z0-9_.\-[\]]+(=|$)/.test(pair));
}

export function parseDirectadminAnswer(text: string): DirectadminAnswer {
  const params = new URLSearchParams(decodeEntities(text.trim(), encodeURIComponent));
  const values: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  for (const [rawKey, rawValue] of params) {
    // An entity DirectAdmin put inside an already URL-encoded value shows only now.
    const value = decodeEntities(rawValue);
    const list = /^(.+)\[\]$/.exec(rawKey);
    if (list) (lists[list[1]!] ??= []).push(value);
    else values[rawKey] = value;
  }
  return { values, lists };
}

/** The panel's answer to bad credentials: its HTML login page, with HTTP 200. */
export function isLoginPage(contentType: string, text: string): boolean {
  return /text\/html/i.test(contentType) && /DirectAdmin Login|CMD_LOGIN\b/i.test(text);
}

/** Form or query text for a request; DirectAdmin reads both the same way. */
export const encodeForm = (params: Record<string, string>) => new URLSearchParams(params).toString();
