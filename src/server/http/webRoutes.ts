import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite puts every hashed file under /assets/: its name changes with its content. */
const HASHED_ASSET = /[\\/]assets[\\/]/;

/**
 * What a missing static file would be called. Only these are a plain 404: a page's path may end
 * in a dot and letters too (/domains/example.com, /domains/shop.com.br), and that is a page.
 */
const STATIC_FILE = /\.(?:js|mjs|css|map|json|webmanifest|txt|xml|html?|png|jpe?g|gif|svg|ico|webp|avif|woff2?|ttf|gz)$/i;

/**
 * The pages people arrive on, by path, with the source modules (as Vite's manifest names them,
 * relative to src/web) that page needs at once. Their chunks are preloaded by the HTML itself,
 * so they download with the entry instead of after it has run.
 */
const LANDING_PAGES: Record<string, string[]> = {
  '/login': ['pages/auth/LoginPage.tsx'],
  '/register': ['layout/AppChrome.tsx', 'pages/auth/RegisterPage.tsx'],
  '/': ['layout/AppChrome.tsx', 'layout/AppSidebar.tsx', 'pages/dashboard/DashboardPage.tsx'],
  '/tickets': ['layout/AppChrome.tsx', 'layout/AppSidebar.tsx', 'pages/tickets/TicketsPage.tsx'],
  // Where the payment provider sends the customer back after a checkout: a cold load.
  '/billing': ['layout/AppChrome.tsx', 'layout/AppSidebar.tsx', 'pages/billing/BillingPage.tsx'],
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The chunks `keys` load before they run: themselves and their static imports, transitively. */
function staticClosure(manifest: Record<string, ManifestChunk>, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    staticClosure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

/** index.html for each landing page, with <link rel=modulepreload> for the chunks the entry does not already load. */
export function landingPageShells(index: string, manifest: Record<string, ManifestChunk>): Map<string, string> {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  const loadedByEntry = staticClosure(manifest, entryKeys);
  const shells = new Map<string, string>();
  for (const [path, modules] of Object.entries(LANDING_PAGES)) {
    const links = [...staticClosure(manifest, modules)]
      .filter((key) => !loadedByEntry.has(key))
      .flatMap((key) => [
        `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`,
        ...(manifest[key].css ?? []).map((css) => `<link rel="stylesheet" crossorigin href="/${css}">`),
      ]);
    if (links.length) shells.set(path, index.replace('</head>', `    ${links.join('\n    ')}\n  </head>`));
  }
  return shells;
}

/**
 * Serves the built SPA. Hashed assets are cached for a year as immutable; anything else
 * (index.html) is revalidated on every load, so a deploy is seen at once. The build writes
 * brotli and gzip variants beside each file, which are sent to clients that accept them.
 * A missing file with a static file's extension (an asset) is a plain 404, never the app shell;
 * any other unknown GET is the SPA, which routes it.
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
  const index = hasWeb ? readFileSync(indexFile, 'utf8') : null;
  const manifestFile = root ? join(root, '.vite', 'manifest.json') : '';
  const shells = index && existsSync(manifestFile)
    ? landingPageShells(index, JSON.parse(readFileSync(manifestFile, 'utf8')))
    : new Map<string, string>();
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const isPage = request.method === 'GET' && !path.startsWith('/api/') && !STATIC_FILE.test(path);
    if (isPage && index) return reply.type('text/html').header('cache-control', 'no-cache').send(shells.get(path) ?? index);
    return reply.status(404).send({ error: { status: 'NOT_FOUND', message: 'Not found.' } });
  });
}
