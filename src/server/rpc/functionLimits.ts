import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import {
  type IRateLimiterStoreOptions, RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis, RateLimiterRes, RateLimiterSQLite,
} from 'rate-limiter-flexible';
import type { FunctionContract } from '../../common/protocol.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import type { Caller } from './context.ts';
import { FunctionError } from './errors.ts';
import { limitRedisReady, openLimitRedis } from './redisLimitClient.ts';

/**
 * Rate limits on /api/fn/* (issue 20): a budget of points per minute per signed-in user and per
 * client address, counted in the database so every instance shares them. A read costs 1, a write
 * 5, and what costs the provider an outside call (a domain search asks registrars) 5: 200
 * searches a minute per user. rate-limiter-flexible keeps the counters (decision "Function rate
 * limits"): in Redis when REDIS_URL is set, otherwise in the database's table made by migration 0030.
 */
export interface FunctionLimitSettings {
  userPointsPerMinute: number;
  addressPointsPerMinute: number;
  /** Where the counters live: Redis when given, the portal's database otherwise. */
  redisUrl?: string;
  /** Prefix of the counters' keys; tests that share one Redis keep apart with it. */
  keyPrefix?: string;
}

export const defaultFunctionLimits: FunctionLimitSettings = { userPointsPerMinute: 1_000, addressPointsPerMinute: 3_000 };

const READ_COST = 1;
const WRITE_COST = 5;
/** Functions dearer than their kind says: each makes calls to registrars or registries. */
const OUTSIDE_CALL_COSTS: Readonly<Record<string, number>> = { searchDomains: 5, whoisLookup: 5, testRegistrarApi: 5, listPanelPackages: 5, testHostingServer: 5 };

export const functionCost = (contract: Pick<FunctionContract, 'name' | 'kind'>): number =>
  OUTSIDE_CALL_COSTS[contract.name] ?? (contract.kind === 'write' ? WRITE_COST : READ_COST);

export const tooManyRequests = (seconds: number) =>
  `Too many requests: please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`;

export class RateLimitedError extends FunctionError {
  constructor(readonly retryAfterSeconds: number) {
    super('RESOURCE_EXHAUSTED', tooManyRequests(retryAfterSeconds));
  }
}

export interface FunctionLimits {
  /** Counts the call; throws RateLimitedError when the caller or its address is over budget. */
  admit(contract: Pick<FunctionContract, 'name' | 'kind'>, caller: Caller | null, address: string): Promise<void>;
  /** Waits (a few seconds at most) for the store's own connection, so the first calls are counted too. */
  ready(): Promise<void>;
  /** Lets go of the store's own connection (Redis); the database's belongs to the app. */
  close(): Promise<void>;
}

const TABLE = 'function_rate_limits';

function limiter(database: DatabaseHandle, redis: Redis | null, keyPrefix: string, points: number) {
  const options: IRateLimiterStoreOptions = { keyPrefix, points, duration: 60, tableName: TABLE, tableCreated: true, storeClient: undefined };
  // Not ready (connecting, or down): fail at once and admit the call, rather than wait on Redis.
  if (redis) return new RateLimiterRedis({ keyPrefix, points, duration: 60, storeClient: redis, rejectIfRedisNotReady: true });
  const raw = database.rawClient;
  if (raw?.kind === 'postgres') return new RateLimiterPostgres({ ...options, storeClient: raw.client });
  if (raw?.kind === 'sqlite') return new RateLimiterSQLite({ ...options, storeClient: raw.client, storeType: 'better-sqlite3' });
  // A handle without a driver client (none today): counted in this process only.
  return new RateLimiterMemory({ keyPrefix, points, duration: 60 });
}

export function createFunctionLimits(database: DatabaseHandle, settings: FunctionLimitSettings, log: FastifyBaseLogger): FunctionLimits {
  const redis = settings.redisUrl ? openLimitRedis(settings.redisUrl, log) : null;
  const prefix = settings.keyPrefix ?? 'fn';
  const perUser = limiter(database, redis, `${prefix}:user`, settings.userPointsPerMinute);
  const perAddress = limiter(database, redis, `${prefix}:addr`, settings.addressPointsPerMinute);
  const consume = async (store: typeof perUser, key: string, cost: number) => {
    try {
      await store.consume(key, cost);
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) throw new RateLimitedError(Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)));
      // The store failed (database or Redis unreachable): the call goes on rather than the whole API failing with it.
      // A Redis outage is logged once by its connection (redisLimitClient.ts), not on every call.
      if (redis && redis.status !== 'ready') return;
      log.warn({ err: outcome }, 'function rate limit store failed; call admitted');
    }
  };
  return {
    async admit(contract, caller, address) {
      const cost = functionCost(contract);
      await consume(perAddress, address, cost);
      if (caller) await consume(perUser, caller.userId, cost);
    },
    ready: () => (redis ? limitRedisReady(redis) : Promise.resolve()),
    async close() {
      redis?.disconnect();
    },
  };
}
