import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// The garbage collector, called by hand: what a busy process does on its own between a call's start and its time-out.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/**
 * How `call` ended (its value, or what it threw) while the collector runs every 20 ms, or
 * 'still waiting' when it outlives its time-out many times over: a call that would hang for good.
 */
export async function endUnderGc(call: Promise<unknown>, guardMs = 5_000): Promise<unknown> {
  const collecting = setInterval(gc, 20);
  let guard: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      call.then((value) => value, (error: unknown) => error),
      new Promise((resolve) => { guard = setTimeout(() => resolve('still waiting'), guardMs); }),
    ]);
  } finally {
    clearInterval(collecting);
    clearTimeout(guard);
  }
}
