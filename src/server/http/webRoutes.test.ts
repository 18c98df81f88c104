import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webRoutes } from './webRoutes.ts';

const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;

/** A build as `vite build` leaves it: index.html, hashed assets with their .br and .gz beside them. */
function fakeBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'web-build-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>');
  mkdirSync(join(root, '.vite'));
  writeFileSync(join(root, '.vite', 'manifest.json'), JSON.stringify({
    'index.html': { file: 'assets/index-abc123.js', isEntry: true, imports: ['_ui-1.js'], dynamicImports: ['pages/auth/LoginPage.tsx'] },
    '_ui-1.js': { file: 'assets/ui-1.js' },
    '_form-2.js': { file: 'assets/form-2.js', imports: ['_ui-1.js'] },
    'pages/auth/LoginPage.tsx': { file: 'assets/LoginPage-3.js', imports: ['index.html', '_ui-1.js', '_form-2.js'] },
  }));
  writeFileSync(join(root, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(root, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(root, 'assets', 'index-abc123.js.gz'), gzipSync(script));
  return root;
}

describe('web assets', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify();
    await app.register(webRoutes, { webRoot: fakeBuild() });
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli file to a browser that accepts it, cached for a year as immutable', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a client without brotli, and the plain file to one without either', async () => {
    const gz = await get('/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('has every page revalidate the app shell, so a deploy shows at once', async () => {
    for (const url of ['/login', '/tickets/42', '/index.html']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('has /login preload its page chunk and that chunk\'s imports with the entry, not what the entry loads already', async () => {
    const login = (await get('/login')).body;
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/LoginPage-3.js">');
    expect(login).toContain('<link rel="modulepreload" crossorigin href="/assets/form-2.js">');
    expect(login).not.toContain('href="/assets/ui-1.js"');
    expect(login.indexOf('modulepreload')).toBeLessThan(login.indexOf('</head>'));
    // Pages that are not landing pages get the plain shell.
    expect((await get('/tickets/42')).body).not.toContain('modulepreload');
  });

  it('answers a missing asset with 404, never the app shell', async () => {
    const res = await get('/assets/gone-000000.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
    expect((await get('/favicon.png')).statusCode).toBe(404);
  });

  it('serves the app shell for pages whose path ends like a domain name', async () => {
    for (const url of ['/domains/example.com', '/domains/shop.co.uk', '/domains/loja.com.br', '/domains/my-site.app?tab=dns']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
  });
});
