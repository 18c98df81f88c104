import type { FastifyInstance } from 'fastify';
import { type Auth, CLIENT_IP_HEADER } from '../auth/betterAuth.ts';
import { endSessionPastLifetime, sessionTokenFrom } from '../auth/caller.ts';
import type { Services } from '../rpc/context.ts';

/** Bridges Fastify to better-auth's fetch handler at its own paths under /api/auth. */
export async function authRoutes(app: FastifyInstance, opts: { auth: Auth; services: Services }) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    async handler(request, reply) {
      const token = sessionTokenFrom(request.headers, opts.services.config.AUTH_SECRET);
      if (token) await endSessionPastLifetime(opts.services.db, token);
      const url = new URL(request.url, `${request.protocol}://${request.host}`);
      const headers = new Headers();
      for (const [key, value] of Object.entries(request.headers)) {
        if (value === undefined || key === CLIENT_IP_HEADER) continue;
        headers.set(key, Array.isArray(value) ? value.join(', ') : value);
      }
      // Rate limits key on the address Fastify trusts, never on a header the client chose.
      headers.set(CLIENT_IP_HEADER, request.ip);
      const response = await opts.auth.handler(new Request(url, {
        method: request.method,
        headers,
        body: request.method === 'GET' || request.body === undefined ? undefined : JSON.stringify(request.body),
      }));
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      if (response.status === 429) request.log.warn({ path: url.pathname }, 'auth rate limit hit');
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
