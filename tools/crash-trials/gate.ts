import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Gate {
  url: string;
  /**
   * The next request `matches` picks (by its parameters, or its path: a panel's function is its
   * path) is held before it reaches the outside system (which has not acted yet); `arrived`
   * resolves when it comes. Released, it goes on to the system, which acts; dropped, it is lost
   * on the way and the system never sees it.
   */
  holdNext(matches: (params: URLSearchParams, path: string) => boolean): HeldCall;
  close(): Promise<void>;
}

export interface HeldCall {
  arrived: Promise<void>;
  release(): void;
  drop(): void;
}

/** Headers that describe one hop of the connection, not the request: the gate's own fetch sets them. */
const HOP_HEADERS = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A pass-through in front of a fake outside system (a registrar, a hosting panel), so the trial
 * can stop one chosen call between the portal and the system: the portal has asked, the system
 * has not acted.
 */
export async function startGate(target: string): Promise<Gate> {
  const waiting: { matches: (params: URLSearchParams, path: string) => boolean; arrive: () => void; opened: Promise<'release' | 'drop'> }[] = [];
  const server = createServer(async (req, res) => {
    const body = await bodyOf(req);
    const url = new URL(req.url ?? '/', 'http://gate.local');
    const params = new URLSearchParams(url.search);
    for (const [name, value] of new URLSearchParams(body.toString('utf8'))) params.append(name, value);
    const held = waiting.findIndex((w) => w.matches(params, url.pathname));
    if (held >= 0) {
      const [gate] = waiting.splice(held, 1);
      gate!.arrive();
      if (await gate!.opened === 'drop') {
        res.destroy();
        return;
      }
    }
    // The caller's headers go on as sent (a panel's credentials travel in Authorization).
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_HEADERS.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    try {
      const answer = await fetch(`${target.replace(/\/$/, '')}${url.pathname}${url.search}`, {
        method: req.method, headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : new Uint8Array(body),
      });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' }).end(Buffer.from(await answer.arrayBuffer()));
    } catch {
      // The portal that asked is gone (killed): nobody reads the answer.
      res.destroy();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    holdNext(matches) {
      let arrive = () => {};
      let open: (how: 'release' | 'drop') => void = () => {};
      const arrived = new Promise<void>((resolve) => { arrive = resolve; });
      const opened = new Promise<'release' | 'drop'>((resolve) => { open = resolve; });
      waiting.push({ matches, arrive, opened });
      return { arrived, release: () => open('release'), drop: () => open('drop') };
    },
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
