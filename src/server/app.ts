import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Auth, createAuth } from './auth/betterAuth.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import { capConnectionsPerAddress, DEFAULT_MAX_CONNECTIONS_PER_ADDRESS } from './http/connectionCaps.ts';
import { defaultSlowClientLimits, enforceMinimumBodyRate, fastifyTimeoutOptions } from './http/slowClients.ts';
import { type DatabaseHandle } from './db/connection.ts';
import { invoicePdfRoute } from './features/billing/invoices/pdfRoute.ts';
import { handlers as featureHandlers } from './features/functions.ts';
import { liveTopics } from './features/liveTopics.ts';
import { authRoutes } from './http/authRoutes.ts';
import { configRoutes } from './http/configRoutes.ts';
import { docsRoutes } from './http/docsRoutes.ts';
import { securityTxtRoute } from './http/securityTxtRoute.ts';
import { installErrorHandler, sendError } from './http/errorHandler.ts';
import { BODY_LIMIT_BYTES, registerJsonBody } from './http/jsonBody.ts';
import { observeRequestDurations, opsRoutes } from './http/opsRoutes.ts';
import { appLoggerOptions } from './observability/logRedaction.ts';
import { applySecurityHeaders } from './http/securityHeaders.ts';
import { webRoutes } from './http/webRoutes.ts';
import { stripeWebhookRoute } from './integrations/payments/webhookRoute.ts';
import type { LiveBusChoice } from './live/bus.ts';
import { liveRoutes, type LiveStreamSettings } from './live/liveRoutes.ts';
import type { Services } from './rpc/context.ts';
import { createFunctionLimits, defaultFunctionLimits } from './rpc/functionLimits.ts';
import { rpcRoutes } from './rpc/plugin.ts';
import type { FunctionHandler } from './rpc/registry.ts';
import { createServices, registerAllWorkers } from './services.ts';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  /** Serve the built SPA from this folder (absent in API-only tests). */
  webRoot?: string;
  /** Run job workers in this process (the embedded mode does; scaled web processes may not). */
  runWorkers?: boolean;
  validateOutputs?: boolean;
  logger?: boolean | object;
  /** The live bus to use instead of the mode's own (tests pick PostgreSQL's explicitly). */
  liveBus?: LiveBusChoice;
  liveStreams?: Partial<LiveStreamSettings>;
  /** Functions registered beside the features' (tests register test-only contracts, e.g. back-office ones). */
  extraHandlers?: FunctionHandler[];
  /** Business time; tests pass one they move. */
  clock?: Clock;
}

export interface App {
  app: FastifyInstance;
  /** Every registered function: the permission matrix calls each of them. */
  handlers: FunctionHandler[];
  services: Services;
  auth: Auth;
  close(): Promise<void>;
}

/**
 * Fastify's own hop count trusts nothing (it cannot check the peer), so a count is a function:
 * the socket's peer and the hops after it are the proxies; the address before them is the client's.
 * Safe only when clients cannot reach the portal except through those proxies (docs/operations.md).
 */
function trustProxyOption(trust: Config['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config, database } = options;
  const handlers = [...featureHandlers, ...(options.extraHandlers ?? [])];
  const slowClients = { ...defaultSlowClientLimits, ...config.slowClients };
  const app = Fastify({
    logger: appLoggerOptions(config.LOG_LEVEL, options.logger),
    genReqId: () => randomUUID(),
    requestIdHeader: 'x-request-id',
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: BODY_LIMIT_BYTES,
    ...fastifyTimeoutOptions(slowClients),
    // Errors the router raises before any route (a URL that does not decode) answer in the protocol's shape too.
    frameworkErrors: (error, request, reply) => sendError(request, reply, error),
  });
  enforceMinimumBodyRate(app, slowClients);
  capConnectionsPerAddress(app.server, config.maxConnectionsPerAddress ?? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS, config.TRUST_PROXY);
  // Before any route: every route parses JSON with the same limits and fails in the protocol's shape.
  registerJsonBody(app);
  installErrorHandler(app);

  const services = createServices({ database, config, log: app.log, liveBus: options.liveBus, clock: options.clock });
  const { jobs, live, mailer } = services;
  const auth = createAuth({ db: database.db, authDb: database.authDb, dialect: database.dialect, config, mailer, clock: services.clock, live, log: services.log });
  services.requestPasswordReset = async (email) => {
    await auth.api.requestPasswordReset({ body: { email } });
  };

  applySecurityHeaders(app, config);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });

  observeRequestDurations(app, new Set(handlers.map((h) => h.contract.name)));
  await app.register(opsRoutes, { services, queueStats: () => services.jobs.queueStats() });
  await app.register(configRoutes, { config });
  await app.register(authRoutes, { auth, services });
  const limits = config.FUNCTION_RATE_LIMITS === 'on'
    ? createFunctionLimits(database, { ...defaultFunctionLimits, redisUrl: config.REDIS_URL, ...config.functionLimits }, app.log)
    : null;
  if (limits) {
    app.addHook('onReady', () => limits.ready());
    app.addHook('onClose', () => limits.close());
  }
  await app.register(rpcRoutes, { services, handlers, validateOutputs: options.validateOutputs ?? false, limits });
  await app.register(liveRoutes, { services, topics: liveTopics, settings: options.liveStreams });
  await app.register(docsRoutes, { handlers, services });
  await app.register(securityTxtRoute, { config });
  await app.register(stripeWebhookRoute, { services });
  await app.register(invoicePdfRoute, { services });
  await app.register(webRoutes, { webRoot: options.webRoot });

  if (options.runWorkers) {
    await registerAllWorkers(services);
    await jobs.start();
  }

  return {
    app,
    handlers,
    services,
    auth,
    async close() {
      await app.close();
      await live.close();
      await jobs.stop();
    },
  };
}
