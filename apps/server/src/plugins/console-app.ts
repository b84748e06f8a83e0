// Serves the operator console (CONSOLE_DIST_DIR, apps/console) under /console: hashed
// /console/assets/* cached forever, precompressed .br/.gz when present, and index.html for
// /console and every client route under it, rendered per response with a fresh style nonce and
// never stored. Every /console response carries the console's own, stricter CSP (ADR 0041).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_STORE = 'no-store';

/** The placeholder apps/console/vite.config.ts (html.cspNonce) leaves in index.html. */
export const CSP_NONCE_PLACEHOLDER = '__HC_CSP_NONCE__';

/**
 * The console's policy: the player web's (plugins/security.ts) without 'unsafe-inline' styles
 * (Mantine's runtime <style> elements carry the response's nonce instead), no data: fonts and
 * no workers.
 */
export function consoleContentSecurityPolicy(styleNonce?: string): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", ...(styleNonce ? [`'nonce-${styleNonce}'`] : [])],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

const placeholderHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>HC Portal Console</title></head>
<body><h1>HC Portal Console</h1><p>The console app is not built yet. Run <code>npm run build</code>, then reload.</p></body></html>
`;

/** A client route of the console: no file extension (a missing /console/x.txt stays a 404). */
function isClientRoute(req: FastifyRequest): boolean {
  const path = req.url.split('?')[0] ?? '';
  return !/\.[a-z0-9]+$/i.test(path);
}

function htmlHeaders(reply: FastifyReply, nonce?: string): FastifyReply {
  return reply
    .header('content-security-policy', consoleContentSecurityPolicy(nonce))
    .header('cache-control', NO_STORE)
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex, nofollow')
    .type('text/html; charset=utf-8');
}

function sendNotFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).type('text/plain; charset=utf-8').send('Not Found');
}

export async function installConsoleApp(
  app: FastifyInstance,
  consoleDistDir: string,
): Promise<void> {
  const indexPath = join(consoleDistDir, 'index.html');
  const isBuilt = existsSync(indexPath);

  await app.register(async (scope) => {
    // Helmet (plugins/security.ts) set the player web's policy on the way in: replace it.
    scope.addHook('onRequest', async (_req, reply) => {
      reply.header('content-security-policy', consoleContentSecurityPolicy());
    });

    if (!isBuilt) {
      app.log.warn(
        { consoleDistDir },
        'console app not built: serving a placeholder page (run npm run build)',
      );
      const sendPlaceholder = (req: FastifyRequest, reply: FastifyReply) =>
        isClientRoute(req) ? htmlHeaders(reply).send(placeholderHtml) : sendNotFound(reply);
      scope.get('/console', sendPlaceholder);
      scope.get('/console/*', sendPlaceholder);
      return;
    }

    await scope.register(fastifyStatic, {
      root: join(consoleDistDir, 'assets'),
      prefix: '/console/assets/',
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      index: false,
      redirect: false,
      decorateReply: false,
      setHeaders(reply) {
        reply.header('cache-control', IMMUTABLE);
      },
    });

    // Read per response (a few hundred bytes): a rebuild is served without a restart.
    const sendIndex = async (req: FastifyRequest, reply: FastifyReply) => {
      if (!isClientRoute(req)) return sendNotFound(reply);
      const nonce = randomBytes(16).toString('base64');
      // Gone while a new build is being written: the placeholder rather than an error.
      const html = await readFile(indexPath, 'utf8').catch(() => null);
      if (html === null) return htmlHeaders(reply).send(placeholderHtml);
      return htmlHeaders(reply, nonce).send(html.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
    };
    scope.get('/console', sendIndex);
    scope.get('/console/*', sendIndex);
  });
}
