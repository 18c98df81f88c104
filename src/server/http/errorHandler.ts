import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FunctionError } from '../rpc/errors.ts';
import { RequestBodyError } from './jsonBody.ts';

export const FUNCTION_BODY_MESSAGE = 'The request body must be a JSON object with a "data" field.';
const JSON_BODY_MESSAGE = 'The request body must be valid JSON.';
const BAD_URL_MESSAGE = 'The address is not valid: check its percent-encoding.';

/**
 * The one error handler of every route. A FunctionError goes out in the protocol's shape; a
 * body the framework could not read is INVALID_ARGUMENT with a sentence a person can act on;
 * anything else is logged with the request id and answered as INTERNAL naming only that id,
 * so no framework, driver or database text reaches a client.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => sendError(request, reply, error));
}

export function sendError(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  if (error instanceof FunctionError) {
    if (error.code === 'PERMISSION_DENIED') request.log.warn({ url: request.url }, 'permission denied');
    return reply.status(error.httpStatus).send({ error: error.toWire() });
  }
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return reply.status(400).send({ error: { status: 'INVALID_ARGUMENT', message: clientErrorMessage(request, error, status) } });
  }
  return sendInternal(request, reply, error);
}

export function sendInternal(request: FastifyRequest, reply: FastifyReply, cause: unknown) {
  request.log.error({ err: cause }, 'request failed');
  return reply.status(500).send({ error: { status: 'INTERNAL', message: `Internal error (request id ${request.id}).` } });
}

function clientErrorMessage(request: FastifyRequest, error: unknown, status: number): string {
  if (error instanceof RequestBodyError && error.publicMessage) return error.publicMessage;
  if (status === 413) return 'The request body is too large.';
  if (status === 415) return 'The request body must be JSON (Content-Type: application/json).';
  if ((error as { code?: unknown }).code === 'FST_ERR_BAD_URL') return BAD_URL_MESSAGE;
  return request.url.startsWith('/api/fn/') ? FUNCTION_BODY_MESSAGE : JSON_BODY_MESSAGE;
}
