import type { FastifyInstance } from 'fastify';

/** Deeper than any function input or auth body; far below what would exhaust the stack. */
export const MAX_JSON_DEPTH = 32;
export const BODY_LIMIT_BYTES = 1024 * 1024;

export const NESTED_TOO_DEEPLY = 'The request body is nested too deeply.';
export const NUL_IN_TEXT = 'Text must not contain NUL characters.';

/** A body the client must fix; its message is safe to show (it names no internals). */
export class RequestBodyError extends Error {
  readonly statusCode = 400;
  /** Without a message the error handler uses the route's own wording for unreadable JSON. */
  constructor(readonly publicMessage?: string) {
    super(publicMessage ?? 'unreadable JSON body');
  }
}

/**
 * Replaces Fastify's JSON parser for every route (functions, the auth bridge, anything later):
 * the nesting is measured on the text before parsing, so a 50,000-level body is refused without
 * recursion; prototype keys are refused as Fastify does; a NUL character in any string or key is
 * refused, since PostgreSQL cannot store it and no person types it.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  // No route reads plain text; refusing it (415) also closes the "simple request" path of CSRF.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (request, body, done) => {
    if (jsonDepth(body as string) > MAX_JSON_DEPTH) return done(new RequestBodyError(NESTED_TOO_DEEPLY), undefined);
    parseJson(request, body as string, (error, value) => {
      if (error) return done(new RequestBodyError(), undefined);
      // A NUL can only arrive escaped (raw control characters are not JSON): walk only when the text has one.
      if ((body as string).includes('\\u0000') && containsNul(value)) return done(new RequestBodyError(NUL_IN_TEXT), undefined);
      return done(null, value);
    });
  });
}

/** The deepest bracket nesting of a JSON text, ignoring brackets inside strings. */
function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > max) max = depth;
      if (max > MAX_JSON_DEPTH) return max;
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

/** Whether any string or key holds U+0000. Only called on values of bounded depth. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, v]) => key.includes('\u0000') || containsNul(v));
  }
  return false;
}
