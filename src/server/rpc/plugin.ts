import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FunctionContract } from '../../common/protocol.ts';
import { bearerCredential, resolveCaller, sessionTokenFrom } from '../auth/caller.ts';
import { ENROL_SECOND_FACTOR_FIRST } from '../../common/profile/twoFactorTexts.ts';
import { FUNCTION_BODY_MESSAGE, sendError } from '../http/errorHandler.ts';
import { auditedBackOfficeWrite } from './backOfficeWrite.ts';
import type { Caller, FunctionContext, Services } from './context.ts';
import { invalidArgument, notFound, permissionDenied, unauthenticated } from './errors.ts';
import { type FunctionLimits, RateLimitedError } from './functionLimits.ts';
import type { FunctionHandler } from './registry.ts';

export interface RpcOptions {
  services: Services;
  handlers: FunctionHandler[];
  /** Parse every result with its output schema (tests and development catch contract drift). */
  validateOutputs: boolean;
  /** Per-user and per-address budgets; null when FUNCTION_RATE_LIMITS=off. */
  limits: FunctionLimits | null;
}

const body = z.object({ data: z.unknown().optional() }, { error: FUNCTION_BODY_MESSAGE });
export const CROSS_SITE_REFUSED = 'Cross-site requests are not allowed.';

/**
 * POST /api/fn/{name}: the callable-function protocol. Unreadable bodies never reach it: the
 * app's JSON parser and error handler (src/server/http) answer those in the protocol's shape.
 */
export async function rpcRoutes(app: FastifyInstance, opts: RpcOptions) {
  const byName = new Map(opts.handlers.map((h) => [h.contract.name, h]));
  const ownOrigin = new URL(opts.services.config.PUBLIC_URL).origin;

  // Answers name the caller's own data; no cache on the way may keep them. Set first so errors carry it too.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  const answer = async (request: FastifyRequest, reply: FastifyReply, name: string) => {
    const handler = byName.get(name);
    try {
      if (isCrossSiteCookieCall(request, ownOrigin)) throw permissionDenied(CROSS_SITE_REFUSED);
      if (!handler) throw notFound(`Unknown function ${JSON.stringify(name).slice(0, 80)}.`);
      const { contract } = handler;
      const caller = await callerOf(request, opts.services);
      // Counted before the gate, so that refused calls (signed out, wrong role) spend the address's budget too.
      await opts.limits?.admit(contract, caller, request.ip);
      admitCaller(contract, caller);
      const envelope = body.safeParse(request.body ?? {});
      if (!envelope.success) throw invalidArgument(envelope.error.issues[0].message);
      const input = parseInput(contract, envelope.data.data);
      const ctx: FunctionContext = { caller, services: opts.services, requestId: request.id, log: request.log, clientIp: request.ip };
      const result = contract.access === 'back_office' && contract.kind === 'write'
        ? await auditedBackOfficeWrite(handler, input, ctx, opts.services)
        : await handler.handle(input, ctx as never);
      return reply.send({ result: opts.validateOutputs ? contract.output.parse(result) : result });
    } catch (error) {
      if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
      return sendError(request, reply, error);
    }
  };

  app.post<{ Params: { name: string } }>('/api/fn/:name', async (request, reply) => answer(request, reply, request.params.name));
  // A function with a body limit of its own gets its own route (a static path wins over :name), so the limit is
  // enforced while the body streams in, before anything is parsed; every other function keeps the app's limit.
  for (const { contract } of opts.handlers.filter((h) => h.contract.bodyLimitBytes !== undefined)) {
    app.post(`/api/fn/${contract.name}`, { bodyLimit: contract.bodyLimitBytes }, async (request, reply) => answer(request, reply, contract.name));
  }
}

/**
 * The gate every entry point (functions, live streams) applies before a handler runs: signed in
 * unless public, and the back office for global super admins only, whatever the function's own checks.
 */
export function admitCaller(contract: FunctionContract, caller: Caller | null): void {
  if (contract.access !== 'public' && !caller) throw unauthenticated(contract.unauthenticatedMessage);
  if (contract.access === 'back_office' && caller?.globalRole !== 'super_admin') throw permissionDenied();
  if (caller?.mustEnrolSecondFactor && !ENROLMENT_FUNCTIONS.has(contract.name)) throw permissionDenied(ENROL_SECOND_FACTOR_FIRST);
}

/**
 * What an operator held back by REQUIRE_ADMIN_2FA may still call: enough for the web app to show
 * the profile's Security section. Enrolment itself and sign-out are better-auth's endpoints.
 */
const ENROLMENT_FUNCTIONS = new Set(['getSessionState', 'getProfile']);

async function callerOf(request: FastifyRequest, services: Services): Promise<Caller | null> {
  const token = sessionTokenFrom(request.headers, services.config.AUTH_SECRET);
  return token ? resolveCaller(services, token) : null;
}

function publicIssue(issue: z.core.$ZodIssue) {
  return { path: issue.path.map(String).join('.'), message: issue.message };
}

/** The input as the handler gets it; otherwise INVALID_ARGUMENT with the first issue's text (no input at all is `{}`). */
export function parseInput<I extends z.ZodType>(contract: { input: I }, data: unknown): z.output<I> {
  const input = contract.input.safeParse(data ?? {});
  if (!input.success) throw invalidArgument(input.error.issues[0].message, { issues: input.error.issues.map(publicIssue) });
  return input.data;
}

/**
 * CSRF: a browser attaches the session cookie to any site's request, but always says where the
 * request came from (Origin on every POST, Sec-Fetch-Site in current browsers). A cookie call
 * from anywhere but the portal's own origin is refused. Bearer tokens are never sent ambiently,
 * and a cross-site page cannot set Authorization without a CORS preflight we never grant.
 */
function isCrossSiteCookieCall(request: FastifyRequest, ownOrigin: string): boolean {
  const { authorization, cookie, origin } = request.headers;
  if (bearerCredential(authorization) !== null) return false;
  if (!cookie || !cookie.includes('session_token=')) return false;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return true;
  return origin !== undefined && origin !== ownOrigin;
}
