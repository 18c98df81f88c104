import { useSyncExternalStore } from 'react';
import { formatDateTime, formatRelative } from './dateFormat.ts';

const TICK_MS = 30_000;

/** One clock for every relative date on screen, ticking only while one is shown. */
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => listeners.forEach((l) => l()), TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The time rounded up to the tick: the same value however often React asks within one tick. */
const currentTick = () => Math.ceil(Date.now() / TICK_MS) * TICK_MS;

/**
 * A date in a list: relative within the last day ("3 h ago"), else the local date (and time when
 * `withTime`); the full date and time always in the tooltip. It moves on by itself ("just now"
 * becomes "1 min ago").
 */
export function RelativeTime({ value, withTime = true }: { value: string | null | undefined; withTime?: boolean }) {
  const now = useSyncExternalStore(subscribe, currentTick);
  const text = formatRelative(value, now, { withTime });
  return value && text !== 'N/A' ? <time dateTime={value} title={formatDateTime(value)}>{text}</time> : text;
}
