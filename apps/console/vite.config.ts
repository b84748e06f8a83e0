// Vite build and dev server of the operator console: served by the API server under /console/
// (apps/server/src/plugins/console-app.ts), its own bundle beside the player web app's.
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';

/**
 * The server replaces this in index.html with a fresh nonce per response and names it in the
 * console's Content-Security-Policy (style-src 'self' 'nonce-…', no 'unsafe-inline'). Vite puts
 * it on its tags and in <meta property="csp-nonce">, where lib/csp-nonce.ts reads it for Mantine.
 */
export const CSP_NONCE_PLACEHOLDER = '__HC_CSP_NONCE__';

const routerProductionBuild = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.js', import.meta.url),
);

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  const target = env.VITE_API_PROXY || 'http://127.0.0.1:8080';
  const isBuild = mode === 'production';
  return {
    base: '/console/',
    // Everything but index.html is hashed under assets/ (the favicon too): no public folder.
    publicDir: false,
    plugins: [react()],
    html: { cspNonce: CSP_NONCE_PLACEHOLDER },
    resolve: {
      alias: isBuild ? [{ find: /^react-router$/, replacement: routerProductionBuild }] : [],
    },
    server: {
      port: 5174,
      proxy: { '/api': { target, changeOrigin: true } },
    },
    build: {
      target: 'es2022',
      outDir: 'dist',
      assetsDir: 'assets',
      sourcemap: false,
      manifest: true,
      // No inline <script> in index.html under the CSP.
      modulePreload: { polyfill: false },
      assetsInlineLimit: 0,
      rolldownOptions: {
        treeshake: {
          // The contract's modules only declare schemas and constants (see apps/web/vite.config.ts).
          moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id),
        },
      },
    },
  };
});
