import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FunctionContract } from '../../common/protocol.ts';
import { hasAuditEntry } from '../audit/record.ts';
import { resolveCaller, sessionTokenFrom } from '../auth/caller.ts';
import { inTransaction } from '../db/transaction.ts';
import type { Caller, FunctionContext, Services } from './context.ts';
import { FunctionError, invalidArgument, notFound, permissionDenied, unauthenticated } from './errors.ts';
import type { FunctionHandler } from './registry.ts';

export interface RpcOptions {
  services: Services;
  handlers: FunctionHandler[];
  /** Parse every result with its output schema (tests and development catch contract drift). */
  validateOutputs: boolean;
}

const BODY_MESSAGE = 'The request body must be a JSON object with a "data" field.';
const body = z.object({ data: z.unknown().optional() }, { error: BODY_MESSAGE });

/** POST /api/fn/{name}: the callable-function protocol. */
export async function rpcRoutes(app: FastifyInstance, opts: RpcOptions) {
  const byName = new Map(opts.handlers.map((h) => [h.contract.name, h]));

  // Fastify rejects unreadable bodies before the handler runs; answer those in the protocol's shape too.
  app.setErrorHandler((error: { statusCode?: number; code?: string }, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) return sendError(request, reply, error);
    const message = status === 415 ? 'The request body must be JSON (Content-Type: application/json).'
      : status === 413 ? 'The request body is too large.'
        : BODY_MESSAGE;
    return reply.status(400).send({ error: { status: 'INVALID_ARGUMENT', message } });
  });

  app.post<{ Params: { name: string } }>('/api/fn/:name', async (request, reply) => {
    const handler = byName.get(request.params.name);
    try {
      if (!handler) throw notFound(`Unknown function ${JSON.stringify(request.params.name).slice(0, 80)}.`);
      const { contract } = handler;
      const caller = await callerOf(request, opts.services);
      admitCaller(contract, caller);
      const envelope = body.safeParse(request.body ?? {});
      if (!envelope.success) throw invalidArgument(envelope.error.issues[0].message);
      const input = contract.input.safeParse(envelope.data.data ?? {});
      if (!input.success) throw invalidArgument(input.error.issues[0].message, { issues: input.error.issues.map(publicIssue) });
      const ctx: FunctionContext = { caller, services: opts.services, requestId: request.id, log: request.log };
      const result = contract.access === 'back_office' && contract.kind === 'write'
        ? await auditedBackOfficeWrite(handler, input.data, ctx, opts.services)
        : await handler.handle(input.data, ctx as never);
      return reply.send({ result: opts.validateOutputs ? contract.output.parse(result) : result });
    } catch (error) {
      return sendError(request, reply, error);
    }
  });
}

/**
 * The gate every entry point (functions, live streams) applies before a handler runs: signed in
 * unless public, and the back office for global super admins only, whatever the function's own checks.
 */
export function admitCaller(contract: FunctionContract, caller: Caller | null): void {
  if (contract.access !== 'public' && !caller) throw unauthenticated(contract.unauthenticatedMessage);
  if (contract.access === 'back_office' && caller?.globalRole !== 'super_admin') throw permissionDenied();
}

async function callerOf(request: FastifyRequest, services: Services): Promise<Caller | null> {
  const token = sessionTokenFrom(request.headers, services.config.AUTH_SECRET);
  return token ? resolveCaller(services.db, token) : null;
}

/**
 * A back-office write runs in one unit of work handed to its handler, and commits only if the
 * handler recorded an audit entry in it; otherwise it rolls back and answers INTERNAL (logged).
 */
async function auditedBackOfficeWrite(handler: FunctionHandler, input: unknown, ctx: FunctionContext, services: Services) {
  return inTransaction(services.db, async (tx) => {
    const result = await handler.handle(input, { ...ctx, tx } as never);
    if (!hasAuditEntry(tx)) throw new Error(`back-office write ${handler.contract.name} recorded no audit entry; rolled back`);
    return result;
  }, ctx.log);
}

export function publicIssue(issue: z.core.$ZodIssue) {
  return { path: issue.path.map(String).join('.'), message: issue.message };
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (error instanceof FunctionError) {
    if (error.code === 'PERMISSION_DENIED') request.log.warn({ fn: (request.params as { name: string }).name }, 'permission denied');
    return reply.status(error.httpStatus).send({ error: error.toWire() });
  }
  request.log.error({ err: error }, 'function failed');
  return reply.status(500).send({ error: { status: 'INTERNAL', message: `Internal error (request id ${request.id}).` } });
}
