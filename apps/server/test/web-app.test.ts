// Serving the built web app (README.md): security headers and CSP, immutable hashed assets,
// uncached index.html, precompressed files, SPA fallback for SPA routes, real 404s for assets.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from './support/helper';
import { stubDatabase } from './support/stub-database';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = 'console.log("hc portal web");'.repeat(40);

function makeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'hc-portal-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, 'assets/index-AbC123.js'), SCRIPT);
  writeFileSync(join(dir, 'assets/index-AbC123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(dir, 'assets/index-AbC123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite/manifest.json'), '{"src/main.tsx":{"file":"assets/x.js"}}');
  return dir;
}

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('web app serving', () => {
  let app: FastifyInstance;
  let webDist: string;
  beforeAll(async () => {
    webDist = makeWebDist();
    app = await buildApp(testConfig({ WEB_DIST_DIR: webDist }), { database: stubDatabase() });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: html });
    const csp = String(res.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ])
      expect(csp).toContain(directive);
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('serves index.html at / with no-cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/', headers: html });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets with an immutable one-year cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toContain('javascript');
  });

  it('serves the precompressed brotli or gzip file when the client accepts it', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toContain('accept-encoding');
  });

  it('answers a reload of an SPA route (docs/product/routes-and-screens.md#lazy-loading-and-the-load-error-page) with index.html, uncached', async () => {
    for (const url of [
      '/main/account/user',
      '/main/recharge/detail/42?x=1',
      '/login',
      '/no/such/page',
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers a missing asset with a real 404, not index.html', async () => {
    for (const url of ['/assets/nope.js', '/assets/index-Missing.css']) {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });

  it('lets the page post to an external analytics logger only when its origin is configured', async () => {
    expect(
      String(
        (await app.inject({ method: 'GET', url: '/', headers: html })).headers[
          'content-security-policy'
        ],
      ),
    ).toMatch(/connect-src 'self';/);
    const withLogger = await buildApp(
      testConfig({
        WEB_DIST_DIR: webDist,
        ANALYTICS_LOGGER_ORIGINS: 'https://logs.example.com/collect',
      }),
      { database: stubDatabase() },
    );
    try {
      const res = await withLogger.inject({ method: 'GET', url: '/', headers: html });
      expect(String(res.headers['content-security-policy'])).toContain(
        "connect-src 'self' https://logs.example.com;",
      );
    } finally {
      await withLogger.close();
    }
  });

  it('never serves the build manifest (source paths)', async () => {
    for (const headers of [{}, html]) {
      const res = await app.inject({ method: 'GET', url: '/.vite/manifest.json', headers });
      expect(res.body).not.toContain('src/main.tsx');
      if (headers === html) continue; // a browser navigation gets the SPA page
      expect(res.statusCode).toBe(404);
    }
  });

  it('answers generic clients (Accept */* or none) with index.html for client routes only', async () => {
    for (const headers of [{ accept: '*/*' }, {}]) {
      const page = await app.inject({ method: 'GET', url: '/main/home?x=1', headers });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<div id="root">');
      const file = await app.inject({ method: 'GET', url: '/robots-missing.txt', headers });
      expect(file.statusCode).toBe(404);
    }
  });

  it('does not answer non-HTML requests or server paths with index.html', async () => {
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/main/home',
          headers: { accept: 'application/json' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/dev/anything', headers: html })).statusCode,
    ).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/unknown', headers: html });
    expect(api.json()).toMatchObject({ code: 10003 });
  });

  it('gives unhashed public files a short cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('without a web build', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(
      testConfig({ WEB_DIST_DIR: join(tmpdir(), 'hc-portal-definitely-missing') }),
      { database: stubDatabase() },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('serves a page saying to run npm run build, for / and SPA routes', async () => {
    for (const url of ['/', '/main/home']) {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('npm run build');
    }
    expect((await app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(404);
  });
});
