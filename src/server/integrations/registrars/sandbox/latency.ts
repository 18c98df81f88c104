import { RegistrarError } from '../registrar.ts';

function aborted(command: string): RegistrarError {
  return new RegistrarError('unavailable', `The sandbox registrar's ${command} was cancelled.`, { registrar: 'sandbox', command });
}

/**
 * The sandbox's answer delay. An abort, before or during the wait, ends it at once as
 * 'unavailable', as a real registrar's call cut by a time-out does.
 */
export function sandboxLatency(ms: number, command: string, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(aborted(command));
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted(command));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
