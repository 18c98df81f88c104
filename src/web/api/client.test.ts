import { afterEach, describe, expect, it, vi } from 'vitest';
import { callFunction, FunctionCallError } from './client.ts';
import { tooManyRequestsText } from './errorTexts.ts';

function answer(status: number, body: string, headers: Record<string, string> = {}) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status, headers })));
}

async function failureOf(promise: Promise<unknown>): Promise<FunctionCallError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FunctionCallError) return error;
    throw error;
  }
  throw new Error('the call did not fail');
}

/** A rate-limited call (429, resource-exhausted) reads as a sentence a person can act on (issue 20). */
describe('callFunction refused with 429', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('shows the portal\'s own sentence', async () => {
    const message = 'Too many requests: please wait 12 seconds and try again.';
    answer(429, JSON.stringify({ error: { status: 'RESOURCE_EXHAUSTED', message } }), { 'retry-after': '12', 'content-type': 'application/json' });
    const error = await failureOf(callFunction('getSessionState', {}));
    expect(error.code).toBe('resource-exhausted');
    expect(error.message).toBe(message);
  });

  it('without a sentence (a balancer\'s page), says how long to wait from Retry-After', async () => {
    answer(429, '<html><body>429 Too Many Requests</body></html>', { 'retry-after': '30', 'content-type': 'text/html' });
    const error = await failureOf(callFunction('getSessionState', {}));
    expect(error.code).toBe('resource-exhausted');
    expect(error.message).toBe('Too many requests. Please wait 30 seconds and try again.');
  });

  it('reads Retry-After in seconds or as a date, and copes with none', () => {
    expect(tooManyRequestsText('1')).toBe('Too many requests. Please wait 1 second and try again.');
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(tooManyRequestsText('Fri, 27 Nov 2026 12:00:45 GMT', now)).toBe('Too many requests. Please wait 45 seconds and try again.');
    expect(tooManyRequestsText(null)).toBe('Too many requests. Please wait a moment and try again.');
    expect(tooManyRequestsText('soon')).toBe('Too many requests. Please wait a moment and try again.');
  });

  it('other failures keep their codes: a body that is not JSON is still an internal error', async () => {
    answer(502, '<html>Bad gateway</html>', { 'content-type': 'text/html' });
    const error = await failureOf(callFunction('getSessionState', {}));
    expect(error.code).toBe('internal');
  });
});
