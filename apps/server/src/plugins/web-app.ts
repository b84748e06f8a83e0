// Serves the built web app (WEB_DIST_DIR): hashed /assets/* cached forever, index.html never
// cached, precompressed .br/.gz when present, and the SPA fallback so a reload of a client
// route (docs/product/account.md#account-screen, e.g. /main/account/user) gets index.html. Missing assets are real 404s.
// index.html itself is rendered per request with the site config and the boot shell (index-html.ts).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createIndexRenderer, type ShellSource } from './index-html';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
// Unhashed files from the web's public/ folder (favicon, robots.txt): short cache.
const SHORT = 'public, max-age=3600';

/** Paths owned by the server, never answered with index.html. */
const NOT_SPA = [
  /^\/api(\/|$|\?)/,
  /^\/healthz(\/|$|\?)/,
  /^\/readyz(\/|$|\?)/,
  /^\/dev(\/|$|\?)/,
  /^\/assets\//,
];

export function isSpaRoute(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (NOT_SPA.some((re) => re.test(req.url))) return false;
  const accept = req.headers.accept ?? '*/*';
  if (accept.includes('text/html')) return true;
  // Generic clients (curl, link checkers: Accept */* or none) get the app for client routes,
  // which have no file extension; a missing file such as /robots.txt stays a 404.
  const path = req.url.split('?')[0] ?? '';
  return accept.includes('*/*') && !/\.[a-z0-9]+$/i.test(path);
}

const placeholderHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>HC Portal</title></head>
<body><h1>HC Portal</h1><p>The web app is not built yet. Run <code>npm run build</code>, then reload.</p>
<p>The API is up: <a href="/api/docs">/api/docs</a>.</p></body></html>
`;

function sendNotFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
}

export interface WebApp {
  /** Not-found handler for everything outside /api: index.html for client routes, else 404. */
  onNotFound: (req: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;
}

export async function installWebApp(
  app: FastifyInstance,
  webDistDir: string,
  shell?: ShellSource,
): Promise<WebApp> {
  const isBuilt = existsSync(join(webDistDir, 'index.html'));
  if (!isBuilt) {
    app.log.warn(
      { webDistDir },
      'web app not built: serving a placeholder page (run npm run build)',
    );
    const sendPlaceholder = (reply: FastifyReply) =>
      reply
        .header('cache-control', NO_CACHE)
        .type('text/html; charset=utf-8')
        .send(placeholderHtml);
    app.get('/', (_req, reply) => sendPlaceholder(reply));
    return {
      onNotFound: (req, reply) => (isSpaRoute(req) ? sendPlaceholder(reply) : sendNotFound(reply)),
    };
  }

  await app.register(fastifyStatic, {
    root: webDistDir,
    prefix: '/',
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    // `/` and the client routes get the rendered index.html below, not the file.
    index: false,
    redirect: false,
    // The build manifest (/.vite/) maps source paths to chunks: never served.
    allowedPath: (pathName) => !pathName.startsWith('/.vite/'),
    setHeaders(reply, path) {
      const rel = relative(webDistDir, path).split(sep).join('/');
      if (basename(rel).startsWith('index.html')) reply.header('cache-control', NO_CACHE);
      else if (rel.startsWith('assets/')) reply.header('cache-control', IMMUTABLE);
      else reply.header('cache-control', SHORT);
    },
  });

  // Read again when the file changes: a rebuild under a running server (npm start, the e2e
  // suite) must not leave pages pointing at deleted assets.
  const indexPath = join(webDistDir, 'index.html');
  let template = { mtimeMs: -1, text: '' };
  const readTemplate = () => {
    const { mtimeMs } = statSync(indexPath);
    if (mtimeMs !== template.mtimeMs) template = { mtimeMs, text: readFileSync(indexPath, 'utf8') };
    return template.text;
  };
  const renderer = createIndexRenderer(readTemplate, shell);
  const sendIndex = async (req: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(200)
      .header('cache-control', NO_CACHE)
      .type('text/html; charset=utf-8')
      .send(await renderer.render(req.url.split('?')[0] ?? '/'));
  app.get('/', sendIndex);

  return {
    onNotFound: (req, reply) => (isSpaRoute(req) ? sendIndex(req, reply) : sendNotFound(reply)),
  };
}
