import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/**
 * helmet's headers, worked out once at boot: they never vary by request, and building them
 * per request (as @fastify/helmet does) re-parses the CSP on every call of the hot path.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine injects style tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    strictTransportSecurity: config.PUBLIC_URL.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) { headers[name.toLowerCase()] = value; },
    removeHeader(name: string) { delete headers[name.toLowerCase()]; },
  } as unknown as ServerResponse;
  middleware({} as IncomingMessage, response, () => {});
  return headers;
}

export function applySecurityHeaders(app: FastifyInstance, config: Config) {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
