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
/**
 * Mantine components that import floating-ui, ScrollArea or remove-scroll. Not FloatingIndicator
 * (SegmentedControl's, plain DOM) nor ScrollArea's number helpers: left out of the ui chunk, they
 * put ScrollArea's chunk between ui and itself, and ScrollArea then ran before ui had defined
 * what it uses (a blank page: "reading 'createContext' of undefined").
 */
const FLOATING = /[\\/]\w*(Popover|Tooltip|Combobox|Menu|Select|Autocomplete|TagsInput|HoverCard|Floating(?!Indicator)|Modal|Drawer|ScrollArea(?![\\/]utils)|Table|TreeSelect|Cascader)\w*[\\/.]/;

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
          // Mantine parts used by four or more chunks travel together: a page then needs a
          // dozen requests instead of thirty, which over HTTP/1.1's six connections per host
          // costs round trips on a phone. The floating, scrolling and overlay parts stay out:
          // they pull in floating-ui and remove-scroll (20 KB gzip), which /login never uses.
          groups: [{ name: 'ui', test: (id: string) => MANTINE.test(id) && !FLOATING.test(id), minShareCount: 4 }],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
