// Serving the operator console at /console (ADR 0041): its own stricter CSP (no 'unsafe-inline'
// styles: a fresh style nonce per page, written into index.html), no-store HTML, immutable
// hashed assets, precompressed files, SPA fallback for client routes under /console only, and
// a placeholder when it is not built.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { CSP_NONCE_PLACEHOLDER } from '../src/plugins/console-app';
import { testConfig } from './support/helper';
import { stubDatabase } from './support/stub-database';

const INDEX = `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}"><script type="module" src="/console/assets/index-C0n50le.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body><div id="root"></div></body></html>`;
const SCRIPT = 'console.log("hc portal console");'.repeat(40);
const WEB_INDEX = '<!doctype html><html><body>player web</body></html>';

function makeDist(prefix: string, files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const [path, data] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), data);
  }
  return dir;
}

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

function styleNonce(csp: string): string | undefined {
  return /style-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/.exec(csp)?.[1];
}

describe('console app serving', () => {
  let app: FastifyInstance;
  let consoleDist: string;
  let webDist: string;
  beforeAll(async () => {
    consoleDist = makeDist('hc-portal-console-', {
      'index.html': INDEX,
      'assets/index-C0n50le.js': SCRIPT,
      'assets/index-C0n50le.js.br': brotliCompressSync(SCRIPT),
      '.vite/manifest.json': '{}',
    });
    webDist = makeDist('hc-portal-web-', { 'index.html': WEB_INDEX });
    app = await buildApp(testConfig({ CONSOLE_DIST_DIR: consoleDist, WEB_DIST_DIR: webDist }), {
      database: stubDatabase(),
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(consoleDist, { recursive: true, force: true });
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves index.html at /console with a fresh style nonce, a strict CSP and no-store', async () => {
    const first = await app.inject({ method: 'GET', url: '/console', headers: html });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const csp = String(first.headers['content-security-policy']);
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
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    const nonce = styleNonce(csp);
    expect(nonce).toBeDefined();
    expect(first.body).not.toContain(CSP_NONCE_PLACEHOLDER);
    expect(first.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    const second = await app.inject({ method: 'GET', url: '/console/', headers: html });
    expect(styleNonce(String(second.headers['content-security-policy']))).not.toBe(nonce);
    expect(first.headers['x-frame-options']).toBe('DENY');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers client routes under /console with the console, not the player web', async () => {
    for (const url of ['/console/operators', '/console/audit?page=2', '/console/setup']) {
      const res = await app.inject({ method: 'GET', url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('csp-nonce');
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const web = await app.inject({ method: 'GET', url: '/main/home', headers: html });
    expect(web.body).toBe(WEB_INDEX);
    expect(String(web.headers['content-security-policy'])).toContain("'unsafe-inline'");
  });

  it('serves hashed assets immutable, precompressed, under the console CSP', async () => {
    const res = await app.inject({ method: 'GET', url: '/console/assets/index-C0n50le.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-inline');
    const br = await app.inject({
      method: 'GET',
      url: '/console/assets/index-C0n50le.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
  });

  it('answers missing files and the build manifest with 404', async () => {
    for (const url of [
      '/console/assets/missing.js',
      '/console/.vite/manifest.json',
      '/console/x.txt',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('console app not built', () => {
  it('serves a placeholder page under the console CSP', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'hc-portal-console-empty-'));
    const app = await buildApp(testConfig({ CONSOLE_DIST_DIR: empty }), {
      database: stubDatabase(),
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/console/operators', headers: html });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('console app is not built');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    } finally {
      await app.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
