import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { LiveMessage } from '../../common/live.ts';

/** Beyond this much unsent output the client is not reading: drop it, it will reconnect. */
const MAX_BUFFERED_BYTES = 64 * 1024;

/**
 * One open Server-Sent Events response. Everything it holds (bus subscription, timers, its
 * place in the per-user count) is released through `onEnd`, whichever side ends it first.
 */
export class LiveStream {
  private readonly cleanups: (() => void)[] = [];
  private ended = false;
  private started = false;

  constructor(private readonly res: ServerResponse) {
    res.once('close', () => this.end());
    res.once('error', () => this.end());
  }

  get isEnded(): boolean {
    return this.ended || this.res.destroyed;
  }

  /** Sends the headers and the reconnection hint, then a heartbeat comment so idle proxies keep the connection. */
  start(headers: OutgoingHttpHeaders, retryMs: number, heartbeatMs: number): void {
    this.started = true;
    this.res.writeHead(200, headers);
    this.write(`retry: ${retryMs}\n\n`);
    const heartbeat = setInterval(() => this.write(': heartbeat\n\n'), heartbeatMs);
    this.onEnd(() => clearInterval(heartbeat));
  }

  send(message: LiveMessage): void {
    this.write(`data: ${JSON.stringify(message)}\n\n`);
  }

  onEnd(cleanup: () => void): void {
    if (this.ended) cleanup();
    else this.cleanups.push(cleanup);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    // Before start the response is still Fastify's, to answer with an error.
    if (this.started && !this.res.writableEnded) this.res.end();
  }

  private write(chunk: string): void {
    if (this.isEnded) return;
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.res.destroy();
      return;
    }
    this.res.write(chunk);
  }
}
