/**
 * Initial JavaScript of a page of the built SPA: the entry chunk, the page's lazy chunk, and
 * every chunk they import statically: raw, gzip -9 and brotli (max quality) sizes, and what a
 * browser accepting brotli receives (the build's .br file where there is one, else the raw file).
 * Usage: npm run build && node --import tsx bench/webBundleSize.ts LoginPage AppChrome+AppSidebar+DashboardPage
 * (a `+` joins the lazy chunks one screen loads together).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = join(import.meta.dirname, '..', 'dist', 'web', 'assets');
const files = readdirSync(assets);
const html = readFileSync(join(assets, '..', 'index.html'), 'utf8');
const entry = html.match(/src="\/assets\/([^"]+\.js)"/)![1];

function closure(start: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...start];
  while (todo.length) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(assets, file), 'utf8');
    // Static imports only: `import(...)` is a later, lazy load.
    for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[^"'();]*?from\s*)?["']\.\/([^"']+\.js)["']/g)) todo.push(m[1]);
  }
  return seen;
}

const read = (file: string) => readFileSync(join(assets, file));
const gzipped = (file: string) => gzipSync(read(file), { level: 9 }).length;
const brotli = (file: string) => brotliCompressSync(read(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const sent = (file: string) => (existsSync(join(assets, `${file}.br`)) ? statSync(join(assets, `${file}.br`)).size : statSync(join(assets, file)).size);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const total = (files: string[], measure: (file: string) => number) => files.reduce((sum, f) => sum + measure(f), 0);
for (const page of process.argv.slice(2)) {
  const chunks = page.split('+').map((name) => {
    const chunk = files.find((f) => f.startsWith(`${name}-`) && f.endsWith('.js'));
    if (!chunk) throw new Error(`no chunk for ${name}`);
    return chunk;
  });
  const all = [...closure([entry, ...chunks])];
  const raw = total(all, (f) => statSync(join(assets, f)).size);
  console.log(`${page}: ${all.length} chunks, ${kb(raw)} raw, ${kb(total(all, gzipped))} gzip, ${kb(total(all, brotli))} brotli; sent to a brotli browser: ${kb(total(all, sent))}`);
}
