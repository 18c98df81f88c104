import type { LiveMessage } from '../../src/common/live.ts';

export interface SseStream {
  status: number;
  headers: Headers;
  /** The JSON answer of a refused stream. */
  error?: { status: string; message: string };
  /** Every comment line seen so far (heartbeats), without the leading colon. */
  comments: string[];
  /** The next message not yet taken, waiting for it to arrive. */
  next(): Promise<LiveMessage>;
  /** Messages received and not yet taken by next(). */
  pending(): LiveMessage[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens `GET /api/live/{topic}` over a real connection, as an EventSource would, and resolves once
 * the server has started the stream (its `retry:` hint arrived, so the subscription is live).
 * `auth` is a bearer token or a Cookie header value.
 */
export async function openLiveStream(baseUrl: string, path: string, auth: { token?: string; cookie?: string } = {}): Promise<SseStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  if (auth.cookie) headers.cookie = auth.cookie;
  const response = await fetch(`${baseUrl}${path}`, { headers, signal: controller.signal });
  const comments: string[] = [];
  const queue: LiveMessage[] = [];
  const waiters: ((message: LiveMessage) => void)[] = [];
  let started!: () => void;
  const startedPromise = new Promise<void>((resolve) => { started = resolve; });
  let buffer = '';

  const onBlock = (block: string) => {
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comments.push(line.slice(1).trim());
      else if (line.startsWith('retry:')) started();
      else if (line.startsWith('data:')) {
        const message = JSON.parse(line.slice(5).trim()) as LiveMessage;
        const waiter = waiters.shift();
        if (waiter) waiter(message);
        else queue.push(message);
      }
    }
  };

  const ended = (async () => {
    if (!response.ok || !response.body) return;
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        buffer += decoder.decode(read.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          onBlock(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // aborted by close()
    }
  })();

  const error = response.ok ? undefined : ((await response.json()) as { error: SseStream['error'] }).error;
  if (response.ok) await Promise.race([startedPromise, ended]);
  return {
    error,
    status: response.status,
    headers: response.headers,
    comments,
    next: () => {
      const queued = queue.shift();
      return queued ? Promise.resolve(queued) : new Promise((resolve) => waiters.push(resolve));
    },
    pending: () => [...queue],
    ended,
    close: () => controller.abort(),
  };
}
