// Security headers (helmet) with a strict Content-Security-Policy the built web app runs under.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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

export async function installSecurityHeaders(
  app: FastifyInstance,
  options: {
    /** External analytics loggers (ANALYTICS_LOGGER_ORIGINS) the page may post to. */
    connectOrigins?: readonly string[];
  } = {},
): Promise<void> {
  const directives: Record<string, string[]> = Object.fromEntries(
    Object.entries(contentSecurityPolicy).map(([k, v]) => [k, [...v]]),
  );
  directives['connect-src']!.push(...(options.connectOrigins ?? []));
  await app.register(helmet, {
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
}
