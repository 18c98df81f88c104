import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite puts every hashed file under /assets/: its name changes with its content. */
const HASHED_ASSET = /[\\/]assets[\\/]/;

/**
 * Serves the built SPA. Hashed assets are cached for a year as immutable; anything else
 * (index.html) is revalidated on every load, so a deploy is seen at once. The build writes
 * brotli and gzip variants beside each file, which are sent to clients that accept them.
 * A missing file with an extension (an asset) is a plain 404, never the app shell; any
 * other unknown GET is the SPA, which routes it.
 */
export async function webRoutes(app: FastifyInstance, opts: { webRoot?: string }) {
  const root = opts.webRoot;
  const indexFile = root ? join(root, 'index.html') : '';
  const hasWeb = Boolean(root && existsSync(indexFile));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: root!,
      wildcard: false,
      index: false,
      preCompressed: true,
      maxAge: '1y',
      immutable: true,
      setHeaders: (reply, path) => {
        if (!HASHED_ASSET.test(path)) reply.header('cache-control', 'no-cache');
      },
    });
  }
  const index = hasWeb ? readFileSync(indexFile) : null;
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isPage = request.method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path);
    if (isPage && index) return reply.type('text/html').header('cache-control', 'no-cache').send(index);
    return reply.status(404).send({ error: { status: 'NOT_FOUND', message: 'Not found.' } });
  });
}
