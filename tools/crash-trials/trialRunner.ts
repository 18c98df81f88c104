import type { DatabaseHandle } from '../../src/server/db/connection.ts';
import { PortalClient } from './portalClient.ts';
import { freePort, type PortalProcess, spawnPortal, waitUntilReady } from './serverProcess.ts';
import { createTrialDatabase, type TrialDialect } from './trialDatabase.ts';

/** What a scenario's trial hands back: a promise that settles at its kill moment, and what it needs to check afterwards. */
export interface ArmedTrial {
  /** Resolves when the moment to kill has come (a random delay passed, or a fake saw the outside call arrive). */
  killMoment: Promise<void>;
  /** After the kill, before the restart: let a held outside call go on (the outside system acts without the portal). */
  afterKill?(): void;
  /** Where the flow stood when the portal died (read from the database before the restart), e.g. the order's status. */
  stageAtKill?(): Promise<string>;
  /** After the restart: act as the customer and operator would, wait until the flow settled (with a deadline), answer the violations found. */
  recoverAndCheck(): Promise<string[]>;
}

export interface TrialContext {
  client: PortalClient;
  db: DatabaseHandle;
  dialect: TrialDialect;
  /** The time of the last kill, for moving the clocks of jobs the killed process had claimed. */
  killedAt: () => Date;
}

export interface Scenario {
  name: string;
  /** The kill moments this scenario cycles through (trial i takes phases[i % phases.length]). */
  phases: readonly string[];
  /** Starts the outside systems (they live in this process and survive the kills); answers the portal's extra environment. */
  startFakes(): Promise<Record<string, string>>;
  /** Once the portal is up: the customer, their account, what each trial needs. */
  prepare(ctx: TrialContext): Promise<void>;
  /** Starts trial `index` in `phase`, without waiting for it to finish. */
  arm(ctx: TrialContext, index: number, phase: string): Promise<ArmedTrial>;
  stopFakes(): Promise<void>;
}

export interface TrialRecord {
  index: number;
  phase: string;
  /** Where the flow stood at the kill, when the scenario tells. */
  stage: string | null;
  /** From SIGKILL to /readyz answering again. */
  restartMs: number;
  /** From SIGKILL to the flow settled and checked. */
  recoverMs: number;
  violations: string[];
}

export interface ScenarioResult {
  scenario: string;
  dialect: TrialDialect;
  trials: TrialRecord[];
  elapsedMs: number;
}

export interface RunOptions {
  count: number;
  /** Answers true once the run should end after the trial in progress (SIGINT, SIGTERM): the figures so far are still printed. */
  stopping?: () => boolean;
  dialect: TrialDialect;
  serverCommand: string;
  /** Printed as trials go. */
  log(line: string): void;
}

/**
 * One scenario on one fresh database: the portal as a separate process, `count` trials each
 * SIGKILLing it at the trial's moment, restarting it on the same database and checking the
 * flow's outcome once its recovery settled.
 */
export async function runScenario(scenario: Scenario, options: RunOptions): Promise<ScenarioResult> {
  const started = Date.now();
  const database = await createTrialDatabase(options.dialect);
  const fakeEnv = await scenario.startFakes();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl,
    AUTH_SECRET: 'crash-trials-auth-secret-'.padEnd(48, 'x'),
    LOG_LEVEL: process.env.CRASH_SERVER_LOG_LEVEL ?? 'warn',
    // The trials drive hundreds of orders a minute from one customer; the limits are not what is on trial.
    FUNCTION_RATE_LIMITS: 'off',
    ...database.env,
    ...fakeEnv,
  };
  delete env.NODE_OPTIONS;
  delete env.SMTP_URL;
  if (options.dialect === 'sqlite') delete env.DATABASE_URL;

  let portal: PortalProcess = spawnPortal(options.serverCommand, env);
  let killedAt = new Date(0);
  const trials: TrialRecord[] = [];
  try {
    await waitUntilReady(baseUrl, portal);
    const ctx: TrialContext = { client: new PortalClient(baseUrl), db: database.open(), dialect: options.dialect, killedAt: () => killedAt };
    await scenario.prepare(ctx);
    for (let index = 0; index < options.count && !options.stopping?.(); index += 1) {
      const phase = scenario.phases[index % scenario.phases.length]!;
      const armed = await scenario.arm(ctx, index, phase);
      // A moment that never comes (the flow took another path) is reported; the kill happens anyway.
      const missed = await withDeadline(armed.killMoment, 120_000, 'the kill moment never came').then(() => null, (error: Error) => error.message);
      await portal.kill();
      killedAt = new Date();
      armed.afterKill?.();
      const stage = armed.stageAtKill ? await armed.stageAtKill() : null;
      portal = spawnPortal(options.serverCommand, env);
      await waitUntilReady(baseUrl, portal);
      const restartMs = Date.now() - killedAt.getTime();
      const violations = await armed.recoverAndCheck().catch((error: unknown) => [`did not recover: ${error instanceof Error ? error.message : String(error)}`]);
      if (missed) violations.unshift(missed);
      const record = { index, phase, stage, restartMs, recoverMs: Date.now() - killedAt.getTime(), violations };
      trials.push(record);
      options.log(`${scenario.name} [${options.dialect}] trial ${index + 1}/${options.count} ${phase}${stage ? ` (${stage})` : ''}: restart ${restartMs} ms, settled ${record.recoverMs} ms`
        + (violations.length ? `\n  VIOLATIONS:\n  ${violations.join('\n  ')}\n  portal output:\n${portal.output().slice(-4000)}` : ''));
    }
  } finally {
    await portal.stop(10_000);
    await scenario.stopFakes();
    await database.drop();
  }
  return { scenario: scenario.name, dialect: options.dialect, trials, elapsedMs: Date.now() - started };
}

export async function withDeadline<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error(message)), ms); });
  try {
    return await Promise.race([promise, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Polls `probe` until it answers something other than undefined; the deadline only ends a trial that would hang. */
export async function until<T>(probe: () => T | undefined | Promise<T | undefined>, deadlineMs: number, what: string, intervalMs = 20): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${deadlineMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export const randomDelay = (maxMs: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.random() * maxMs));
