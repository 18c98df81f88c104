import { anySignal } from 'any-signal';

/**
 * Runs one outside call with a signal that ends when the caller's does or after `ms`, and tells
 * the call whether its own time-out was what ended it.
 *
 * Not AbortSignal.any: on Node 20 a combined signal holds its sources weakly, so an
 * AbortSignal.timeout the garbage collector took never fires and a call to a server that keeps
 * the connection open never ends (docs/decisions.md). any-signal listens on each source, which
 * keeps a time-out alive until it fires, and lets go of the caller's signal once the call settled.
 */
export async function withDeadline<T>(
  ms: number, outer: AbortSignal | undefined, call: (signal: AbortSignal, timedOut: () => boolean) => Promise<T>,
): Promise<T> {
  const timeout = AbortSignal.timeout(ms);
  const signal = anySignal([outer, timeout]);
  try {
    return await call(signal, () => timeout.aborted);
  } finally {
    signal.clear();
  }
}
