import { connect } from 'node:net';

/** WHOIS answers are a few kilobytes; a server streaming more is not one we want to read. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * One RFC 3912 exchange: connect, send the query and CRLF, read until the server closes. Fails
 * (with a message naming the server, never more) on refusal, drop, time-out, abort or an
 * oversized answer.
 */
export function whoisQuery(request: { host: string; port: number; query: string; timeoutMs: number; signal?: AbortSignal }): Promise<string> {
  const { host, signal } = request;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const socket = connect({ host, port: request.port });
    const finish = (error: Error | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      if (error) reject(error);
      else resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const onAbort = () => finish(new Error(`the WHOIS query to ${host} was cancelled`));
    const timer = setTimeout(() => finish(new Error(`${host} did not answer in time`)), request.timeoutMs);
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    socket.on('connect', () => socket.write(`${request.query}\r\n`));
    socket.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) return finish(new Error(`${host} answered more than ${MAX_ANSWER_BYTES} bytes`));
      chunks.push(chunk);
    });
    socket.on('end', () => finish(size === 0 ? new Error(`${host} closed the connection without an answer`) : null));
    socket.on('close', () => finish(size === 0 ? new Error(`${host} closed the connection without an answer`) : null));
    socket.on('error', () => finish(new Error(`${host} could not be reached`)));
  });
}
