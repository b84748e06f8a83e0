// Security headers (helmet) with a strict Content-Security-Policy the built web app runs under.
// The headers are the same on every response, so helmet runs once at start-up against a recorder
// and each request only sets the recorded headers (@fastify/helmet rebuilt helmet's middleware,
// parsing the CSP directives, on every request: docs/benchmarks.md#cached-catalog-read-levers).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * style-src allows 'unsafe-inline' for styles only. Checked in @mantine/core 9.7: besides
 * MantineProvider's CSS-variable and class <style> tags (the web turns those off and ships them
 * as a static file), AppShell (AppShellMediaStyles), Grid, SimpleGrid, Flex and every
 * responsive style prop render <style> elements at runtime through InlineStyles, and colour-
 * scheme switching inserts one; style-src 'self' alone would silently drop those layouts.
 * (React's `style` props are set through CSSOM, which CSP does not block.) A nonce would need
 * index.html rendered per request and MantineProvider's getStyleNonce wired to it. Inline
 * styles cannot run script; script-src stays 'self' only.
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
  'manifest-src': ["'self'"],
  'worker-src': ["'self'"],
} as const;

export function installSecurityHeaders(
  app: FastifyInstance,
  options: {
    /** External analytics loggers (ANALYTICS_LOGGER_ORIGINS) the page may post to. */
    connectOrigins?: readonly string[];
  } = {},
): void {
  const directives: Record<string, string[]> = Object.fromEntries(
    Object.entries(contentSecurityPolicy).map(([k, v]) => [k, [...v]]),
  );
  directives['connect-src']!.push(...(options.connectOrigins ?? []));
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      // No upgrade-insecure-requests: the demo is served over plain http on 127.0.0.1/LAN, where
      // upgrading would break every asset; production TLS is terminated by the proxy.
      directives,
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Payment providers open in a new page (docs/product/top-up.md#top-up-screen "finish payment in the newly opened page").
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
  });
  // On the raw response, as helmet did: headers a route sets on the reply (the console's own
  // CSP with its nonce, docs/console.md) still replace these.
  app.addHook('onRequest', (_req, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of headers) {
      if (value === null) res.removeHeader(name);
      else res.setHeader(name, value);
    }
    done();
  });
}

/**
 * What helmet's middleware does to a response with these options, in order: [name, value] to
 * set, [name, null] to remove. Every option used here is static (no per-request CSP functions).
 */
export function helmetHeaders(options: HelmetOptions): Array<[string, string | null]> {
  const ops: Array<[string, string | null]> = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      ops.push([name, String(value)]);
      return recorder;
    },
    removeHeader(name: string) {
      ops.push([name, null]);
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err !== undefined) throw err instanceof Error ? err : new Error('helmet failed');
  });
  return ops;
}
