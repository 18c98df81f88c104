import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
/** Below this the compressed variant saves less than its headers cost. */
const MIN_BYTES = 1024;

async function* textFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

/**
 * Writes `name.br` and `name.gz` beside every text file of the build, at the highest levels.
 * Done once here, so the server only picks a file (@fastify/static `preCompressed`) and never
 * compresses per request. A variant that is not smaller is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      for await (const path of textFiles(outDir)) {
        const source = await readFile(path);
        if (source.length < MIN_BYTES) continue;
        const [br, gzipped] = await Promise.all([
          brotli(source, {
            params: {
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gz(source, { level: 9 }),
        ]);
        if (br.length < source.length) await writeFile(`${path}.br`, br);
        if (gzipped.length < source.length) await writeFile(`${path}.gz`, gzipped);
      }
    },
  };
}

const MANTINE = /node_modules[\\/]@mantine[\\/]/;

export default defineConfig({
  root: 'src/web',
  plugins: [react(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    // Every browser the portal supports knows <link rel=modulepreload>.
    modulePreload: { polyfill: false },
    // Read by the server to preload a landing page's chunks with the entry (webRoutes.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          // Mantine parts used by three or more chunks travel together: a page then needs a
          // dozen requests instead of thirty, which over HTTP/1.1's six connections per host
          // costs round trips on a phone. The floating and overlay parts once stayed out, but
          // split that way, shared helpers landed in chunks that imported each other in a
          // circle, and the entry read React's createContext before it existed (blank page,
          // issue 19's pages); all of Mantine together costs /login 2 KB gzip more.
          groups: [{ name: 'ui', test: (id: string) => MANTINE.test(id), minShareCount: 3 }],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
