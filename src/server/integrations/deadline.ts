import { anySignal, type ClearableSignal } from 'any-signal';

/**
 * A signal that ends when the caller's does or after `ms`; `clear()` it once the calls it serves
 * have settled, which lets go of the caller's signal. `timedOut` tells whether the time-out ended it.
 *
 * Not AbortSignal.any: on Node 20 a combined signal holds its sources weakly, so an
 * AbortSignal.timeout the garbage collector took never fires and a call to a server that keeps
 * the connection open never ends (docs/decisions.md). any-signal listens on each source, which
 * keeps a time-out alive until it fires.
 */
export function deadlineSignal(ms: number, outer: AbortSignal | undefined): { signal: ClearableSignal; timedOut: () => boolean } {
  const timeout = AbortSignal.timeout(ms);
  return { signal: anySignal([outer, timeout]), timedOut: () => timeout.aborted };
}

/** Runs one outside call under `deadlineSignal(ms, outer)`, cleared when the call settles. */
export async function withDeadline<T>(
  ms: number, outer: AbortSignal | undefined, call: (signal: AbortSignal, timedOut: () => boolean) => Promise<T>,
): Promise<T> {
  const { signal, timedOut } = deadlineSignal(ms, outer);
  try {
    return await call(signal, timedOut);
  } finally {
    signal.clear();
  }
}
