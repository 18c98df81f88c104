/**
 * Initial JavaScript of a page of the built SPA: the entry chunk, the page's lazy chunk, and
 * every chunk they import statically, with their gzip and brotli sizes as the server sends them.
 * Usage: npm run build && node --import tsx bench/webBundleSize.ts LoginPage DashboardPage
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

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

const size = (file: string) => (files.includes(file) ? statSync(join(assets, file)).size : 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
for (const page of process.argv.slice(2)) {
  const chunk = files.find((f) => f.startsWith(`${page}-`) && f.endsWith('.js'));
  if (!chunk) throw new Error(`no chunk for ${page}`);
  const all = [...closure([entry, chunk])];
  const raw = all.reduce((s, f) => s + size(f), 0);
  // A file without a .gz/.br variant (too small to gain) goes out as it is.
  const gz = all.reduce((s, f) => s + (size(`${f}.gz`) || size(f)), 0);
  const br = all.reduce((s, f) => s + (size(`${f}.br`) || size(f)), 0);
  console.log(`${page}: ${all.length} chunks, ${kb(raw)} raw, ${kb(gz)} gzip, ${kb(br)} brotli`);
}
