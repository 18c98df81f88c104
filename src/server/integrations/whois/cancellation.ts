import { DomainLookupError } from './domainLookup.ts';

/** Resolves with the promise, or rejects as soon as the caller gives up. */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined, message: string): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new DomainLookupError('unavailable', message));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new DomainLookupError('unavailable', message));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
