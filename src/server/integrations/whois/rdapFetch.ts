import { withDeadline } from '../deadline.ts';

/** RFC 7480 lets servers redirect (a registry to a registrar's server); more hops than this is a loop. */
export const MAX_REDIRECTS = 3;

/** `text` is the body as the server sent it, for operators who read the raw answer. */
export type RdapAnswer = { found: true; domain: Record<string, unknown>; text: string } | { found: false; text: string };

/**
 * GET {base}domain/{name}: the domain object, or not found on a 404. Anything else (no answer,
 * time-out, another status, a body that is not a JSON object, a redirect loop) throws an Error
 * whose message says what went wrong, for the fallback's log and the final error.
 */
export async function fetchRdapDomain(request: { base: string; domain: string; timeoutMs: number; signal?: AbortSignal }): Promise<RdapAnswer> {
  return withDeadline(request.timeoutMs, request.signal, async (signal, timedOut) => {
    let url = `${request.base}domain/${encodeURIComponent(request.domain)}`;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      let response: Response;
      try {
        response = await fetch(url, { headers: { accept: 'application/rdap+json, application/json;q=0.9' }, redirect: 'manual', signal });
      } catch {
        throw new Error(timedOut() ? 'the RDAP server did not answer in time' : 'the RDAP server could not be reached');
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.body?.cancel();
        const next = new URL(location, url);
        if (next.protocol !== 'https:' && next.protocol !== 'http:') throw new Error('the RDAP server redirected to a non-HTTP address');
        url = next.href;
        continue;
      }
      let text: string;
      try {
        text = await response.text();
      } catch {
        throw new Error(timedOut() ? 'the RDAP server did not answer in time' : 'the RDAP server dropped its answer');
      }
      if (response.status === 404) return { found: false, text };
      if (!response.ok) throw new Error(`the RDAP server answered HTTP ${response.status}`);
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new Error('the RDAP server answered malformed JSON');
      }
      if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('the RDAP server answered JSON that is not a domain object');
      return { found: true, domain: json as Record<string, unknown>, text };
    }
    throw new Error(`the RDAP server redirected more than ${MAX_REDIRECTS} times`);
  });
}
