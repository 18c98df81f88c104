/**
 * A webhook's health after a run of attempts (the rules agreed for issue 9): 3 consecutive
 * failures make it degraded, 10 error; failing with no success for 24 hours, or a 410 answer,
 * disables it; a success makes it healthy again.
 */
export const DEGRADED_AFTER = 3;
export const ERROR_AFTER = 10;
export const DISABLE_AFTER_MS = 24 * 60 * 60 * 1000;

export type Health = 'healthy' | 'degraded' | 'error' | 'disabled';

export interface HealthState {
  isActive: boolean;
  health: Health;
  consecutiveFailures: number;
  /** Epoch ms of the first failure since the last success. */
  failingSince: number | null;
  disabledReason: string | null;
}

export interface AttemptOutcome {
  ok: boolean;
  httpStatus: number | null;
  at: number;
}

export type HealthEvent = 'system.webhook.degraded' | 'system.webhook.failing' | 'system.webhook.disabled' | 'system.webhook.recovered';

export function applyOutcomes(start: HealthState, outcomes: readonly AttemptOutcome[]): { state: HealthState; events: HealthEvent[] } {
  const state = { ...start };
  const events: HealthEvent[] = [];
  for (const outcome of outcomes) {
    // A disabled webhook stays off until an operator turns it on; late answers don't revive it.
    if (!state.isActive && state.health === 'disabled') break;
    if (outcome.ok) {
      if (state.health !== 'healthy' && state.isActive) events.push('system.webhook.recovered');
      state.health = state.isActive ? 'healthy' : state.health;
      state.consecutiveFailures = 0;
      state.failingSince = null;
      continue;
    }
    state.consecutiveFailures += 1;
    state.failingSince ??= outcome.at;
    if (!state.isActive) continue;
    if (outcome.httpStatus === 410) {
      disable(state, 'The receiver answered 410 Gone', events);
    } else if (outcome.at - state.failingSince >= DISABLE_AFTER_MS) {
      disable(state, 'Failing for 24 hours without a successful delivery', events);
    } else if (state.consecutiveFailures >= ERROR_AFTER && state.health !== 'error') {
      state.health = 'error';
      events.push('system.webhook.failing');
    } else if (state.consecutiveFailures >= DEGRADED_AFTER && state.health === 'healthy') {
      state.health = 'degraded';
      events.push('system.webhook.degraded');
    }
  }
  return { state, events };
}

function disable(state: HealthState, reason: string, events: HealthEvent[]) {
  state.isActive = false;
  state.health = 'disabled';
  state.disabledReason = reason;
  events.push('system.webhook.disabled');
}
