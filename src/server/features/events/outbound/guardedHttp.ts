import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { performance } from 'node:perf_hooks';
import { type AllowList, blockedAddressReason, isAllowedHost } from './addressPolicy.ts';

/**
 * The one way the server sends a webhook: node:http(s) with a `lookup` that resolves the host
 * itself and refuses a blocked answer, so the address checked is the address dialled (a DNS
 * answer cannot lead the request inside). Literal IP hosts are checked before dialling, since
 * Node does not look them up. Redirects are only followed when asked, each hop checked again.
 */
export const RESPONSE_BODY_CAP = 4096;
export const MAX_REDIRECTS = 5;
/** Bytes read past the cap so the connection can be kept alive; past this it is dropped. */
const DRAIN_LIMIT = 64 * 1024;

export interface OutboundRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
  /** The whole exchange (redirects included) must end within this. */
  timeoutMs: number;
  followRedirects: boolean;
}

export interface OutboundResponse {
  /** The last HTTP status, or null when no answer came (refused, time-out, network error). */
  status: number | null;
  headers: Record<string, string>;
  body: string;
  truncated: boolean;
  responseMs: number;
  /** Why the exchange failed before an answer, or why a 3xx answer ended it. */
  error: string | null;
  /** The URL of the last hop. */
  url: string;
}

export class BlockedAddressError extends Error {
  readonly code = 'EWEBHOOKBLOCKED';
}

interface Exchange {
  request: http.ClientRequest | null;
  failure: Error | null;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for sockets: resolves, then refuses the whole answer if any address is blocked. */
export function guardedLookup(allow: AllowList) {
  return (hostname: string, options: { all?: boolean; family?: number } | number, callback: LookupCallback) => {
    const opts = typeof options === 'number' ? { family: options } : options ?? {};
    dnsLookup(hostname, { family: opts.family ?? 0, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      if (!isAllowedHost(hostname, allow)) {
        for (const { address } of addresses) {
          const reason = blockedAddressReason(address, allow);
          if (reason) return callback(new BlockedAddressError(`Blocked: ${reason} (${hostname})`), '');
        }
      }
      if (opts.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

export interface GuardedClient {
  send(request: OutboundRequest, signal?: AbortSignal): Promise<OutboundResponse>;
  /** Closes the kept-alive sockets. */
  close(): void;
}

export function createGuardedClient(options: { allow: AllowList; maxSockets?: number }): GuardedClient {
  const lookup = guardedLookup(options.allow);
  // Kept-alive sockets per host: at thousands of deliveries a second a new connection (and TLS
  // handshake) per request would cost more than the request. A reused socket was checked when opened.
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets ?? 64, lookup } as http.AgentOptions;
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };

  async function send(request: OutboundRequest, outer?: AbortSignal): Promise<OutboundResponse> {
    const started = performance.now();
    // One exchange at a time; a time-out or a stop destroys it (cheaper than an AbortSignal per request).
    const state: Exchange = { request: null, failure: null };
    const fail = (error: Error) => {
      state.failure ??= error;
      state.request?.destroy(state.failure);
    };
    const timer = setTimeout(() => fail(new Error(`Timed out after ${request.timeoutMs} ms`)), request.timeoutMs);
    const onOuter = () => fail(new Error('Cancelled: the worker stopped'));
    outer?.addEventListener('abort', onOuter);
    let url = request.url;
    let method = request.method;
    let body: string | null = request.body;
    let headers = request.headers;
    const elapsed = () => Math.round(performance.now() - started);
    try {
      for (let hop = 0; ; hop += 1) {
        const answer = await exchange(url, method, headers, body, state);
        const location = answer.headers.location;
        if (answer.status < 300 || answer.status >= 400 || !location) {
          return { ...answer, responseMs: elapsed(), error: null, url };
        }
        if (!request.followRedirects) {
          return { ...answer, responseMs: elapsed(), error: `Redirect not followed (${answer.status} to ${location})`, url };
        }
        if (hop >= MAX_REDIRECTS) {
          return { ...answer, responseMs: elapsed(), error: `Too many redirects (more than ${MAX_REDIRECTS})`, url };
        }
        const next = new URL(location, url);
        if (next.protocol !== 'http:' && next.protocol !== 'https:') {
          return { ...answer, responseMs: elapsed(), error: `Redirect to an unsupported address (${next.protocol})`, url };
        }
        // Credentials are meant for the webhook's own origin, not wherever it points us.
        if (next.origin !== new URL(url).origin) headers = withoutHeader(headers, 'authorization');
        if (answer.status === 303) {
          method = 'GET';
          body = null;
          headers = withoutHeader(headers, 'content-type');
        }
        url = next.toString();
      }
    } catch (error) {
      return { status: null, headers: {}, body: '', truncated: false, responseMs: elapsed(), error: describeError(state.failure ?? error), url };
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuter);
    }
  }

  function exchange(url: string, method: string, headers: Record<string, string>, body: string | null, state: Exchange) {
    return new Promise<{ status: number; headers: Record<string, string>; body: string; truncated: boolean }>((resolve, reject) => {
      if (state.failure) return reject(state.failure);
      const target = new URL(url);
      const host = target.hostname.replace(/^\[|\]$/g, '');
      if (target.protocol !== 'http:' && target.protocol !== 'https:') return reject(new Error(`Unsupported address ${target.protocol}`));
      if (isIP(host) && !isAllowedHost(host, options.allow)) {
        const reason = blockedAddressReason(host, options.allow);
        if (reason) return reject(new BlockedAddressError(`Blocked: ${reason}`));
      }
      const payload = body === null ? null : Buffer.from(body);
      const transport = target.protocol === 'https:' ? https : http;
      const req = transport.request(target, {
        method, lookup, agent: agents[target.protocol],
        headers: payload ? { ...headers, 'content-length': String(payload.length) } : headers,
      } as http.RequestOptions, (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        let seen = 0;
        res.on('data', (chunk: Buffer) => {
          seen += chunk.length;
          if (kept < RESPONSE_BODY_CAP + 1) {
            chunks.push(chunk);
            kept += chunk.length;
          }
          if (seen > DRAIN_LIMIT) res.destroy();
        });
        const done = () => {
          if (state.failure) return reject(state.failure);
          const all = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: flattenHeaders(res.headers),
            body: all.subarray(0, RESPONSE_BODY_CAP).toString('utf8'),
            truncated: seen > RESPONSE_BODY_CAP,
          });
        };
        res.on('end', done);
        res.on('close', () => { if (!res.complete) done(); });
        res.on('error', reject);
      });
      state.request = req;
      req.on('error', reject);
      req.end(payload ?? undefined);
    });
  }

  return {
    send,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

function withoutHeader(headers: Record<string, string>, name: string) {
  return Object.fromEntries(Object.entries(headers).filter(([key]) => key.toLowerCase() !== name));
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(headers)) {
    if (value !== undefined) flat[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

function describeError(error: unknown): string {
  if (error instanceof BlockedAddressError) return error.message;
  const err = error as NodeJS.ErrnoException | undefined;
  const message = err?.message ?? String(error);
  if (err?.code === 'ENOTFOUND') return `Host not found (${(err as { hostname?: string }).hostname ?? ''})`.replace(' ()', '');
  if (err?.code === 'ECONNREFUSED') return 'Connection refused';
  if (err?.code === 'ECONNRESET') return 'Connection reset by the receiver';
  if (err?.code && !message.includes(err.code)) return `${message} (${err.code})`;
  return message.slice(0, 500);
}
