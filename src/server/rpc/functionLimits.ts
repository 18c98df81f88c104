import type { FastifyBaseLogger } from 'fastify';
import { type IRateLimiterStoreOptions, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, RateLimiterSQLite } from 'rate-limiter-flexible';
import type { FunctionContract } from '../../common/protocol.ts';
import type { DatabaseHandle } from '../db/connection.ts';
import type { Caller } from './context.ts';
import { FunctionError } from './errors.ts';

/**
 * Rate limits on /api/fn/* (issue 20): a budget of points per minute per signed-in user and per
 * client address, counted in the database so every instance shares them. A read costs 1, a write
 * 5, and what costs the provider an outside call (a domain search asks registrars) 5: 200
 * searches a minute per user. rate-limiter-flexible keeps the counters (decision "Function rate
 * limits"); its table is made by migration 0030.
 */
export interface FunctionLimitSettings {
  userPointsPerMinute: number;
  addressPointsPerMinute: number;
}

export const defaultFunctionLimits: FunctionLimitSettings = { userPointsPerMinute: 1_000, addressPointsPerMinute: 3_000 };

const READ_COST = 1;
const WRITE_COST = 5;
/** Functions dearer than their kind says: each makes calls to registrars or registries. */
const OUTSIDE_CALL_COSTS: Readonly<Record<string, number>> = { searchDomains: 5, whoisLookup: 5, testRegistrarApi: 5 };

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
}

const TABLE = 'function_rate_limits';

function limiter(database: DatabaseHandle, keyPrefix: string, points: number) {
  const options: IRateLimiterStoreOptions = { keyPrefix, points, duration: 60, tableName: TABLE, tableCreated: true, storeClient: undefined };
  const raw = database.rawClient;
  if (raw?.kind === 'postgres') return new RateLimiterPostgres({ ...options, storeClient: raw.client });
  if (raw?.kind === 'sqlite') return new RateLimiterSQLite({ ...options, storeClient: raw.client, storeType: 'better-sqlite3' });
  // A handle without a driver client (none today): counted in this process only.
  return new RateLimiterMemory({ keyPrefix, points, duration: 60 });
}

export function createFunctionLimits(database: DatabaseHandle, settings: FunctionLimitSettings, log: FastifyBaseLogger): FunctionLimits {
  const perUser = limiter(database, 'fn:user', settings.userPointsPerMinute);
  const perAddress = limiter(database, 'fn:addr', settings.addressPointsPerMinute);
  const consume = async (store: typeof perUser, key: string, cost: number) => {
    try {
      await store.consume(key, cost);
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes) throw new RateLimitedError(Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)));
      // The store failed (database unreachable): the call goes on rather than the whole API failing with it.
      log.warn({ err: outcome }, 'function rate limit store failed; call admitted');
    }
  };
  return {
    async admit(contract, caller, address) {
      const cost = functionCost(contract);
      await consume(perAddress, address, cost);
      if (caller) await consume(perUser, caller.userId, cost);
    },
  };
}
