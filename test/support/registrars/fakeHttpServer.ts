import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHold, type Hold } from '../holds.ts';

export interface FakeRequest {
  method: string;
  path: string;
  /** Query string and form body parameters together, as the registrar would read them. */
  params: Record<string, string>;
}

export interface FakeAnswer {
  status?: number;
  contentType?: string;
  body: string;
  /** Wait this long before answering (a slow registrar). */
  delayMs?: number;
  /** Close the connection without answering (a dropped connection). */
  drop?: boolean;
}

export interface FakeHttpServer {
  url: string;
  requests: FakeRequest[];
  /** Answers the next request(s) with this instead of the handler's answer (one use each). */
  override(answer: FakeAnswer): void;
  /** A registrar that has not answered yet: requests wait until the hold is released, then get their answers. */
  hold(releaseAfterMs?: number): Hold;
  close(): Promise<void>;
}

async function paramsOf(request: IncomingMessage, url: URL): Promise<Record<string, string>> {
  const params = Object.fromEntries(url.searchParams);
  if (request.method === 'POST') {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    Object.assign(params, Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
  }
  return params;
}

/**
 * A local HTTP server for a registrar's fake: the fake's handler turns each request into an
 * answer in the registrar's wire format; tests can force a slow, failing or dropped answer.
 */
export async function startFakeHttpServer(handle: (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>): Promise<FakeHttpServer> {
  const requests: FakeRequest[] = [];
  const overrides: FakeAnswer[] = [];
  const holds: Hold[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.local');
    const request: FakeRequest = { method: req.method ?? 'GET', path: url.pathname, params: await paramsOf(req, url) };
    requests.push(request);
    await holds.find((hold) => !hold.released)?.pass();
    const answer = overrides.shift() ?? await handle(request);
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    if (answer.drop) {
      req.socket.destroy();
      return;
    }
    res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'text/xml; charset=utf-8' });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    override: (answer) => { overrides.push(answer); },
    hold: (releaseAfterMs) => {
      const hold = createHold(releaseAfterMs);
      holds.push(hold);
      return hold;
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
