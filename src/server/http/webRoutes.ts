import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built SPA. A missing file with an extension (an asset) is a plain 404,
 * never the app shell; any other unknown GET is the SPA, which routes it.
 */
export async function webRoutes(app: FastifyInstance, opts: { webRoot?: string }) {
  const root = opts.webRoot;
  const indexFile = root ? join(root, 'index.html') : '';
  const hasWeb = Boolean(root && existsSync(indexFile));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: root!, wildcard: false, index: false, maxAge: '1y', immutable: true });
  }
  const index = hasWeb ? readFileSync(indexFile) : null;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isPage = request.method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path);
    if (isPage && index) return reply.type('text/html').header('cache-control', 'no-cache').send(index);
    return reply.status(404).send({ error: { status: 'NOT_FOUND', message: 'Not found.' } });
  });
}
