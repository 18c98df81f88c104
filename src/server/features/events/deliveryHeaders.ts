import { MASKED_VALUE } from '../../../common/admin/deliveries/texts.ts';

/**
 * What an operator sees of a request or response: header and query names that carry
 * credentials keep their scheme and lose their value. The engine masks with the same rule when it
 * logs; masking here too means no stored copy (older rows, a changed engine) ever reaches a page.
 */
const SECRET_NAME = /auth|cookie|token|secret|passw(or)?d|key|session|credential/i;
const SCHEME = /^(bearer|basic|token|digest|hmac)\s+/i;

export const isSecretName = (name: string) => SECRET_NAME.test(name);

export function maskValue(value: string): string {
  const scheme = SCHEME.exec(value);
  return scheme ? `${scheme[0]}${MASKED_VALUE}` : MASKED_VALUE;
}

/** A stored JSON object of headers, masked; anything else stored there reads as no headers (null stays null). */
export function maskedHeaders(json: string | null): Record<string, string> | null {
  if (json == null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const headers: Record<string, string> = {};
  for (const [name, raw] of Object.entries(parsed as Record<string, unknown>)) {
    const value = Array.isArray(raw) ? raw.map(String).join(', ') : typeof raw === 'string' || typeof raw === 'number' ? String(raw) : null;
    if (value === null) continue;
    headers[name] = SECRET_NAME.test(name) ? maskValue(value) : value;
  }
  return headers;
}

/** A URL's password (https://user:pass@host) and secret-named query values masked. */
export function maskedUrl(url: string): string {
  return url
    .replace(/^([a-z][a-z0-9+.-]*:\/\/[^/?#@:]*):[^/?#@]*@/i, `$1:${MASKED_VALUE}@`)
    .replace(/([?&])([^=&#]+)=([^&#]*)/g, (whole, sep: string, name: string) => (SECRET_NAME.test(decodeURIComponentSafe(name)) ? `${sep}${name}=${MASKED_VALUE}` : whole));
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
