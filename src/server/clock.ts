/**
 * Where business time comes from: what rows are stamped with, when sessions, orders and leases
 * expire, when jobs and retries fall due. One per process (`Services.clock`), so tests move
 * time instead of sleeping. Timeouts of sockets and requests, and performance measurements,
 * stay on the system's timers: they measure waiting, not business time.
 */
export interface Clock {
  now(): Date;
  nowIso(): string;
}

export const systemClock: Clock = {
  now: () => new Date(),
  nowIso: () => new Date().toISOString(),
};
