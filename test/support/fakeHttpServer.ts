import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHold, type Hold } from './holds.ts';

export interface FakeRequest {
  method: string;
  path: string;
  /** Query string and form body parameters together, as the registrar would read them. */
  params: Record<string, string>;
  /** Request headers, lower-case names (Cloudflare's bearer token travels in one). */
  headers: Record<string, string | undefined>;
  /** The raw body of any request with one (a JSON or XML API's; a form's fields are also in params). */
  body: string;
}

export interface FakeAnswer {
  status?: number;
  /** The HTTP reason phrase (Proxmox VE sends its error message there). */
  statusText?: string;
  contentType?: string;
  /** Empty when absent (a `hang` or `drop` never sends one). */
  body?: string;
  /** Wait this long before answering (a slow registrar). */
  delayMs?: number;
  /** Close the connection without answering (a dropped connection). */
  drop?: boolean;
  /** Never answer, keeping the connection open: the client's time-out (or its abort) ends the call. */
  hang?: boolean;
}

export interface FakeHttpServer {
  url: string;
  requests: FakeRequest[];
  /** Answers the next request(s) with this instead of the handler's answer (one use each). */
  override(answer: FakeAnswer): void;
  /**
   * The next request is carried out by the handler (the registrar acts: a domain is created,
   * a balance charged) but answered with this instead: a time-out (`hang`), a dropped
   * connection, a 5xx or 4xx, or a body that is not the API's, after the registrar acted.
   * With `matches`, the first request it picks instead of the next one.
   */
  actThen(answer: FakeAnswer, matches?: (request: FakeRequest) => boolean): void;
  /** The next `times` requests that `matches` picks are answered with this instead (a failing status check while the domain exists). */
  overrideWhen(matches: (request: FakeRequest) => boolean, answer: FakeAnswer, times?: number): void;
  /** A registrar that has not answered yet: requests wait until the hold is released, then get their answers. */
  hold(releaseAfterMs?: number): Hold;
  /** Stops listening on the port (connections are refused, a server that is down) until up(). */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

async function readRequest(request: IncomingMessage, url: URL): Promise<{ params: Record<string, string>; body: string }> {
  const params = Object.fromEntries(url.searchParams);
  if (request.method === 'GET' || request.method === 'HEAD') return { params, body: '' };
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const type = request.headers['content-type'] ?? '';
  if (request.method === 'POST' && !/json|xml/.test(type)) Object.assign(params, Object.fromEntries(new URLSearchParams(text)));
  return { params, body: text };
}

/**
 * A local HTTP server for a registrar's fake: the fake's handler turns each request into an
 * answer in the registrar's wire format; tests can force a slow, failing or dropped answer.
 */
export async function startFakeHttpServer(handle: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>): Promise<FakeHttpServer> {
  const requests: FakeRequest[] = [];
  const overrides: FakeAnswer[] = [];
  const holds: Hold[] = [];
  const afterActing: { answer: FakeAnswer; matches: (request: FakeRequest) => boolean }[] = [];
  const targeted: { matches: (request: FakeRequest) => boolean; answer: FakeAnswer; left: number }[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.local');
    const { params, body } = await readRequest(req, url);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value]));
    const request: FakeRequest = { method: req.method ?? 'GET', path: url.pathname, params, headers, body };
    requests.push(request);
    await holds.find((hold) => !hold.released)?.pass();
    const answer = await answerOf(request);
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (answer.drop) {
      req.socket.destroy();
      return;
    }
    if (answer.hang) {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (answer.statusText !== undefined) res.statusMessage = answer.statusText;
    res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'text/xml; charset=utf-8' });
    res.end(answer.body ?? '');
  });
  async function answerOf(request: FakeRequest): Promise<FakeAnswer> {
    const target = targeted.find((t) => t.left > 0 && t.matches(request));
    if (target) {
      target.left -= 1;
      return target.answer;
    }
    const forced = overrides.shift();
    if (forced) return forced;
    const handled = await handle(request);
    const acted = afterActing.findIndex((a) => a.matches(request));
    return acted < 0 ? handled : afterActing.splice(acted, 1)[0]!.answer;
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    override: (answer) => { overrides.push(answer); },
    actThen: (answer, matches = () => true) => { afterActing.push({ answer, matches }); },
    overrideWhen: (matches, answer, times = 1) => { targeted.push({ matches, answer, left: times }); },
    hold: (releaseAfterMs) => {
      const hold = createHold(releaseAfterMs);
      holds.push(hold);
      return hold;
    },
    // Resolves a turn of the event loop after the close, once clients have seen their kept-alive
    // connections end: a request sent at once would otherwise go out on a dead socket ('unknown'
    // outcome) instead of finding the port closed, as it does for a server that is down.
    down: () => new Promise((resolve) => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close(() => setImmediate(resolve));
    }),
    up: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () => new Promise((resolve) => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      if (!server.listening) { resolve(); return; }
      server.close(() => resolve());
    }),
  };
}
