import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Auth, CLIENT_IP_HEADER } from '../auth/betterAuth.ts';
import { bearerCredential, endSessionPastLifetime, isWellFormedToken, sessionTokenFrom } from '../auth/caller.ts';
import type { Services } from '../rpc/context.ts';
import { invalidArgument } from '../rpc/errors.ts';
import { authEndpoints, type AuthEndpoint } from './authEndpoints.ts';
import { sendError, sendInternal } from './errorHandler.ts';
import { containsNul, NUL_IN_TEXT } from './jsonBody.ts';

/**
 * Bridges Fastify to better-auth's fetch handler, for the endpoints the portal uses only
 * (authEndpoints.ts); any other /api/auth path is the app's JSON 404. Inputs are checked here
 * before better-auth sees them, and a failure inside better-auth is answered as INTERNAL.
 */
export async function authRoutes(app: FastifyInstance, opts: { auth: Auth; services: Services }) {
  for (const endpoint of authEndpoints(opts.services.config)) {
    app.route({
      method: endpoint.method,
      url: `/api/auth${endpoint.path}`,
      handler: (request, reply) => forward(request, reply, endpoint, opts),
    });
  }
}

async function forward(request: FastifyRequest, reply: FastifyReply, endpoint: AuthEndpoint, opts: { auth: Auth; services: Services }) {
  let input: { body?: unknown; search: string };
  try {
    input = checkedInput(request, endpoint);
  } catch (error) {
    return sendError(request, reply, error);
  }
  const headers = forwardedHeaders(request);
  // What better-auth reads is the checked body, always JSON (a bodiless sign-out included).
  if (input.body !== undefined) headers.set('content-type', 'application/json');
  const token = sessionTokenFrom(request.headers, opts.services.config.AUTH_SECRET);
  if (token) await endSessionPastLifetime(opts.services, token);

  const url = new URL(`/api/auth${endpoint.path}${input.search}`, `${request.protocol}://${request.host}`);
  const response = await opts.auth.handler(new Request(url, {
    method: request.method,
    headers,
    body: input.body === undefined ? undefined : JSON.stringify(input.body),
  }));
  if (response.status >= 500) {
    // Its body may carry a driver's or database's message: log it, answer with the request id only.
    return sendInternal(request, reply, new Error(`better-auth ${endpoint.path} answered ${response.status}: ${await response.text()}`));
  }
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (response.status === 429) request.log.warn({ path: endpoint.path }, 'auth rate limit hit');
  return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
}

/** The body or query, parsed by the endpoint's schema; anything else is INVALID_ARGUMENT. */
function checkedInput(request: FastifyRequest, endpoint: AuthEndpoint): { body?: unknown; search: string } {
  if (endpoint.body) {
    const parsed = endpoint.body.safeParse(request.body ?? {});
    if (!parsed.success) throw invalidArgument(parsed.error.issues[0].message);
    return { body: parsed.data, search: '' };
  }
  if (!endpoint.query) return { search: '' };
  const query = request.query as Record<string, unknown>;
  if (containsNul(query)) throw invalidArgument(NUL_IN_TEXT);
  const parsed = endpoint.query.safeParse(query);
  if (!parsed.success) throw invalidArgument(parsed.error.issues[0].message);
  const search = new URLSearchParams(parsed.data as Record<string, string>).toString();
  return { search: search ? `?${search}` : '' };
}

function forwardedHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === CLIENT_IP_HEADER || key === 'content-length') continue;
    // A malformed bearer token is "not signed in"; better-auth would look it up and fail on PostgreSQL.
    const bearer = key === 'authorization' && typeof value === 'string' ? bearerCredential(value) : null;
    if (bearer !== null && !isWellFormedToken(bearer)) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  }
  // Rate limits key on the address Fastify trusts, never on a header the client chose.
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}
