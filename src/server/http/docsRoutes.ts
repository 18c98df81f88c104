import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errorStatusByCode } from '../../common/protocol.ts';
import { resolveCaller, sessionTokenFrom } from '../auth/caller.ts';
import type { Services } from '../rpc/context.ts';
import { unauthenticated } from '../rpc/errors.ts';
import type { FunctionHandler } from '../rpc/registry.ts';
import { sendError } from './errorHandler.ts';

/** The OpenAPI description, generated from the same contracts the handlers validate with. */
export function openApiDocument(handlers: FunctionHandler[]) {
  const paths: Record<string, unknown> = {};
  for (const { contract } of handlers) {
    paths[`/api/fn/${contract.name}`] = {
      post: {
        operationId: contract.name,
        summary: contract.summary,
        description: `Access: ${contract.access}; ${contract.kind}.`,
        // Who gets which answer (signed out, member, account admin, owner, member of another account, global super admin).
        ...(contract.permissions ? { 'x-permissions': contract.permissions } : {}),
        security: contract.access === 'public' ? [] : [{ sessionCookie: [] }, { bearer: [] }],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', properties: { data: z.toJSONSchema(contract.input, { io: 'input', unrepresentable: 'any' }) } } } },
        },
        responses: {
          200: { description: 'Success', content: { 'application/json': { schema: { type: 'object', properties: { result: z.toJSONSchema(contract.output, { io: 'output', unrepresentable: 'any' }) } } } } },
          default: { description: 'Failure', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Provider Portal functions', version: '1' },
    paths,
    components: {
      securitySchemes: {
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
      schemas: {
        Error: {
          type: 'object',
          properties: {
            error: {
              type: 'object',
              required: ['status', 'message'],
              properties: { status: { type: 'string', enum: Object.keys(errorStatusByCode) }, message: { type: 'string' }, details: {} },
            },
          },
        },
      },
    },
  };
}

export const DOCS_SIGN_IN_REQUIRED = 'Sign in to read the API description.';

/**
 * GET /api/docs. API_DOCS=signed-in keeps the map of every function (names, inputs, who may call
 * them) from anonymous readers; it hides no function, as every function checks its caller itself.
 */
export async function docsRoutes(app: FastifyInstance, opts: { handlers: FunctionHandler[]; services: Services }) {
  const document = openApiDocument(opts.handlers);
  const { services } = opts;
  app.get('/api/docs', async (request, reply) => {
    if (services.config.API_DOCS === 'signed-in') {
      const token = sessionTokenFrom(request.headers, services.config.AUTH_SECRET);
      const caller = token ? await resolveCaller(services, token) : null;
      if (!caller) return sendError(request, reply, unauthenticated(DOCS_SIGN_IN_REQUIRED));
    }
    return document;
  });
}
