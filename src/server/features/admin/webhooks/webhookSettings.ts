import type { z } from 'zod';
import {
  BASIC_FIELDS_REQUIRED, BEARER_TOKEN_REQUIRED, HEADER_AUTHORIZATION, headerNameInvalid, headerReserved, headerValueInvalid, isTemplatePath,
  TEMPLATE_INVALID_JSON, TEMPLATE_REQUIRED, TEMPLATE_TOO_DEEP, TEMPLATE_TOO_LARGE, templatePathInvalid, templatePlaceholders, WEBHOOK_LIMITS,
} from '../../../../common/admin/webhooks/texts.ts';
import type * as contracts from '../../../../common/admin/webhooks/contract.ts';
import { parseAllowList, plainlyBlockedUrlReason, type StoredAuthentication } from '../../events/index.ts';
import { invalidArgument } from '../../../rpc/errors.ts';

type SaveInput = z.output<typeof contracts.saveWebhook.input>;

/** RFC 9110 token characters. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Hop-by-hop and framing headers the HTTP client owns, and the Standard Webhooks ones the delivery signs. */
const RESERVED_HEADERS = new Set([
  'host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'proxy-connection',
  'te', 'trailer', 'upgrade', 'expect',
]);

/** The headers as stored: names as written, values as given; throws naming the first header it refuses. */
export function checkedHeaders(headers: Record<string, string>): Record<string, string> {
  const seen = new Set<string>();
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name) || name.length > 100) throw invalidArgument(headerNameInvalid(name.slice(0, 100)));
    const lower = name.toLowerCase();
    if (RESERVED_HEADERS.has(lower) || lower.startsWith('webhook-')) throw invalidArgument(headerReserved(name));
    if (lower === 'authorization') throw invalidArgument(HEADER_AUTHORIZATION);
    if (seen.has(lower)) throw invalidArgument(`The header "${name}" is given twice.`);
    seen.add(lower);
    // CR or LF would let a value start a new header; other controls (but tab) are invalid in a field value.
    // eslint-disable-next-line no-control-regex
    if (value.length > WEBHOOK_LIMITS.headerValueMax || /[\u0000-\u0008\u000a-\u001f\u007f]/.test(value)) throw invalidArgument(headerValueInvalid(name));
  }
  return headers;
}

/** The URL as stored, or a refusal in words: not http(s), credentials in it, or plainly internal and not allowed. */
export function checkedUrl(url: string, allowedHosts: string): string {
  const reason = plainlyBlockedUrlReason(url, parseAllowList(allowedHosts));
  if (reason) throw invalidArgument(reason);
  return url;
}

/** Depth of a JSON text's nesting, counted without parsing (strings skipped), so a deep document is refused cheaply. */
function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') max = Math.max(max, ++depth);
    else if (c === '}' || c === ']') depth -= 1;
  }
  return max;
}

function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => stringsOf(v, out));
  else if (value && typeof value === 'object') Object.entries(value).forEach(([k, v]) => { out.push(k); stringsOf(v, out); });
  return out;
}

/**
 * The shared template rule: a JSON document of at most 16 KB whose `{{path}}` placeholders name
 * fields of the event. Checked whenever a template is given, so one kept while the transform is
 * off is still valid when switched on.
 */
export function checkedTemplate(transform: SaveInput['payloadTransform']): { enabled: boolean; template: string | null } {
  const { enabled, template } = transform;
  if (template === null) {
    if (enabled) throw invalidArgument(TEMPLATE_REQUIRED);
    return { enabled, template };
  }
  if (Buffer.byteLength(template, 'utf8') > WEBHOOK_LIMITS.templateMaxBytes) throw invalidArgument(TEMPLATE_TOO_LARGE);
  if (jsonDepth(template) > WEBHOOK_LIMITS.templateMaxDepth) throw invalidArgument(TEMPLATE_TOO_DEEP);
  let parsed: unknown;
  try {
    parsed = JSON.parse(template);
  } catch {
    throw invalidArgument(TEMPLATE_INVALID_JSON);
  }
  for (const text of stringsOf(parsed)) {
    for (const placeholder of templatePlaceholders(text)) {
      if (!isTemplatePath(placeholder.trim())) throw invalidArgument(templatePathInvalid(placeholder.slice(0, 80)));
    }
  }
  return { enabled, template };
}

/** The authentication to store: a token or password left out keeps the stored one when the type is unchanged. */
export function mergedAuthentication(input: SaveInput['authentication'], stored: StoredAuthentication | null): StoredAuthentication {
  if (input.type === 'none') return { type: 'none' };
  if (input.type === 'bearer') {
    const token = input.token || (stored?.type === 'bearer' ? stored.token : undefined);
    if (!token) throw invalidArgument(BEARER_TOKEN_REQUIRED);
    return { type: 'bearer', token };
  }
  const password = input.password || (stored?.type === 'basic' ? stored.password : undefined);
  if (!input.username || !password) throw invalidArgument(BASIC_FIELDS_REQUIRED);
  return { type: 'basic', username: input.username, password };
}
