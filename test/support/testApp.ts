import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe } from 'vitest';
import { type App, type BuildOptions, buildApp } from '../../src/server/app.ts';
import type { Clock } from '../../src/server/clock.ts';
import { type Config, loadConfig } from '../../src/server/config.ts';
import { type DatabaseHandle, type Dialect, openDatabase } from '../../src/server/db/connection.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import type { FunctionHandler } from '../../src/server/rpc/registry.ts';
import type { FnInput, FnOutput, FunctionName } from '../../src/common/contracts/index.ts';

export const dialects: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** Runs the same suite on every dialect this machine offers (PostgreSQL when TEST_DATABASE_URL is set). */
export function describeEachDialect(name: string, suite: (dialect: Dialect) => void) {
  for (const dialect of dialects) describe(`${name} [${dialect}]`, () => suite(dialect));
}

export interface CallResult<T = unknown> {
  status: number;
  result: T;
  error?: { status: string; message: string; details?: unknown };
}

/** One function and an input of its own, for tables of calls that differ by function. */
export type FunctionCall = { [N in FunctionName]: [name: N, input: FnInput<N>] }[FunctionName];

export interface TestUser {

  id: string;
  email: string;
  name: string;
  token: string;
}

export interface TestApp extends App {
  dialect: Dialect;
  /** The PostgreSQL schema the app works in. */
  pgSchema?: string;
  /** POST /api/fn/{name} through Fastify's HTTP layer, as a browser or SDK would; input and result typed by the contract. */
  call<N extends FunctionName>(name: N, data: FnInput<N>, as?: TestUser | string | null): Promise<CallResult<FnOutput<N>>>;
  /**
   * `call` without the contract's types, for what no typed caller could send (hostile and invalid
   * inputs, unknown names) and for the test-only functions of `handlers`.
   */
  callRaw<T = unknown>(name: string, data: unknown, as?: TestUser | string | null): Promise<CallResult<T>>;
  /** Signs up through better-auth's HTTP endpoint and returns the session token. */
  signUp(overrides?: Partial<{ name: string; email: string; password: string }>): Promise<TestUser>;
  /** Proves the user owns their address the way a person does: follows the link in the verification mail. */
  verify(user: TestUser): Promise<void>;
  /** signUp, then verify: an established user whose address is proven. */
  signUpVerified(overrides?: Partial<{ name: string; email: string; password: string }>): Promise<TestUser>;
  outbox(to: string): Promise<{ subject: string; text_body: string }[]>;
  stop(): Promise<void>;
}

/** The e-mail verification link (better-auth's verify-email endpoint) in a mail's text. */
export function verificationLinkIn(text: string): string | null {
  return text.match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)?.[0] ?? null;
}

/** The password of every test user, signed up over HTTP or made by the row factories. */
export const TEST_PASSWORD = 'correct horse battery';

let ipCounter = 1;
/** Each simulated client gets its own address, so per-IP auth rate limits behave as in production. */
export function nextClientIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface TestAppOptions {
  /** Extra environment variables, as an operator would set them. */
  env?: Record<string, string>;
  /** Config overrides; tests hash with a low scrypt cost unless they set passwordHashCost. */
  config?: Partial<Config>;
  /** The live bus and stream settings (PostgreSQL's LISTEN/NOTIFY bus is chosen explicitly). */
  live?: Pick<BuildOptions, 'liveBus' | 'liveStreams'>;
  /** PostgreSQL: a second app instance on this app's schema, as scaled-mode processes share one database. */
  sameDatabaseAs?: TestApp;
  /**
   * A database another app also uses (see `sharedTestDatabase`): several apps on one database
   * act as several processes of one deployment. Without it each app gets a database of its own.
   */
  database?: SharedTestDatabase;
  /** Run job workers in this app, as `npm start` does. */
  runWorkers?: boolean;
  /** Test-only functions registered beside the features' (e.g. back-office contracts before issue 8). */
  handlers?: FunctionHandler[];
  /** Receives the app's log lines (JSON, level error and above); without it the app logs nothing. */
  errorLog?: string[];
  /**
   * Business time (`Services.clock`): a `ManualClock` (test/support/clock.ts) lets the test move
   * it instead of sleeping; without it, the system's.
   */
  clock?: Clock;
}

export interface SharedTestDatabase {
  dialect: Dialect;
  open(): DatabaseHandle;
  drop(): Promise<void>;
}

/** One database for several test apps: an SQLite file, or a PostgreSQL schema of its own. */
export async function sharedTestDatabase(dialect: Dialect): Promise<SharedTestDatabase> {
  if (dialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `t_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create schema ${schema}`);
    return {
      dialect,
      open: () => openDatabase({ databaseUrl: url, pgSchema: schema, poolSize: 4 }),
      drop: () => adminQuery(`drop schema ${schema} cascade`),
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-shared-'));
  return { dialect, open: () => openDatabase({ dataDir }), drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function adminQuery(text: string) {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function startTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  let schema: string | undefined;
  const url = process.env.TEST_DATABASE_URL;
  const shared = options.sameDatabaseAs;
  if (shared && (dialect !== 'postgres' || !shared.pgSchema)) throw new Error('sameDatabaseAs needs a PostgreSQL test app');
  if (dialect === 'postgres' && !shared && !options.database) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    await adminQuery(`create schema ${schema}`);
  }
  const database = options.database?.open() ?? openDatabase(dialect === 'postgres'
    ? { databaseUrl: url, pgSchema: schema ?? shared?.pgSchema, poolSize: 4 }
    : { sqliteFile: ':memory:' });
  await migrateToLatest(database.db);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  // Suites play many users from one address: the function rate limits are on only where a test asks.
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent', FUNCTION_RATE_LIMITS: 'off', ...options.env },
    { passwordHashCost: 2 ** 10, ...options.config });
  const built = await buildApp({
    config, database, validateOutputs: true, extraHandlers: options.handlers, runWorkers: options.runWorkers, clock: options.clock, ...options.live,
    logger: options.errorLog ? { level: 'error', stream: { write: (line: string) => { options.errorLog!.push(line); } } } : false,
  });
  await built.app.ready();

  const testApp: TestApp = {
    ...built,
    dialect,
    pgSchema: schema ?? shared?.pgSchema,
    call: (name, data, as) => testApp.callRaw(name, data, as),
    async callRaw(name, data, as) {
      const token = typeof as === 'string' ? as : as?.token;
      const res = await built.app.inject({
        method: 'POST', url: `/api/fn/${name}`,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        payload: JSON.stringify({ data }),
      });
      const body = res.json();
      return { status: res.statusCode, result: body.result, error: body.error };
    },
    async signUp(overrides = {}) {
      const suffix = randomBytes(5).toString('hex');
      const body = { name: `User ${suffix}`, email: `user-${suffix}@example.test`, password: TEST_PASSWORD, ...overrides };
      const res = await built.app.inject({
        method: 'POST', url: '/api/auth/sign-up/email', remoteAddress: nextClientIp(),
        headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' }, payload: body,
      });
      if (res.statusCode !== 200) throw new Error(`sign-up failed ${res.statusCode}: ${res.body}`);
      const json = res.json();
      return { id: json.user.id, email: json.user.email, name: json.user.name, token: json.token };
    },
    async verify(user) {
      const mails = await testApp.outbox(user.email);
      const link = mails.map((m) => verificationLinkIn(m.text_body)).filter(Boolean).at(-1);
      if (!link) throw new Error(`no verification mail for ${user.email}`);
      const url = new URL(link);
      const res = await built.app.inject({ method: 'GET', url: url.pathname + url.search, remoteAddress: nextClientIp() });
      if (res.statusCode !== 302) throw new Error(`verification failed ${res.statusCode}: ${res.body}`);
    },
    async signUpVerified(overrides) {
      const user = await testApp.signUp(overrides);
      await testApp.verify(user);
      return user;
    },
    async outbox(to) {
      return database.db.selectFrom('mail_outbox').select(['subject', 'text_body'])
        .where('to_address', '=', to.toLowerCase()).orderBy('created_at').execute();
    },
    async stop() {
      await built.close();
      await database.close();
      if (schema) await adminQuery(`drop schema ${schema} cascade`);
    },
  };
  return testApp;
}
