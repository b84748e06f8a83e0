// Vite build and dev server of the web app. Defines the app version and build id sent as
// the docs/product/api.md#request-headers `version` / `htmlversion` headers; proxies the API to the server in dev.
import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { themeCssPlugin } from './src/app/theme/theme-css-plugin.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

const routerProductionBuild = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.js', import.meta.url),
);

const i18nextSelector = fileURLToPath(new URL('./src/lib/i18next-selector.ts', import.meta.url));

/**
 * ADR 0024: react-i18next imports only `keyFromSelector` from i18next at load; point that import
 * at our copy so i18next (15 KB gzip) is not a static import of the entry: lib/i18n.ts loads it
 * lazily together with the texts. Shared with vitest.config.ts so the tests run the same code.
 */
export function reactI18nextSelectorPlugin(): Plugin {
  return {
    name: 'hc-react-i18next-selector',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === 'i18next' &&
        importer &&
        /[\\/]node_modules[\\/]react-i18next[\\/]/.test(importer)
      )
        return i18nextSelector;
      return null;
    },
  };
}

/** Compile-time constants shared with vitest.config.ts. */
export function appDefines(buildId: string) {
  return {
    __APP_VERSION__: JSON.stringify(pkg.version),
    __BUILD_ID__: JSON.stringify(buildId),
  };
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), '');
  const target = env.VITE_API_PROXY || 'http://127.0.0.1:8080';
  const buildId = env.BUILD_ID || new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const isBuild = mode === 'production';
  return {
    plugins: [react(), themeCssPlugin(), reactI18nextSelectorPlugin()],
    resolve: {
      // Ship react-router's production build (without its dev warnings) whatever export
      // conditions apply; react-router 7 exported only the development build.
      alias: isBuild ? [{ find: /^react-router$/, replacement: routerProductionBuild }] : [],
    },
    define: appDefines(buildId),
    server: {
      proxy: {
        '/api': { target, changeOrigin: true },
        '/healthz': { target, changeOrigin: true },
        '/readyz': { target, changeOrigin: true },
      },
    },
    preview: {
      proxy: { '/api': { target, changeOrigin: true } },
    },
    build: {
      target: 'es2022',
      assetsDir: 'assets',
      sourcemap: false,
      // dist/.vite/manifest.json: the chunk graph scripts/check-bundle.mjs sums (entry budget).
      manifest: true,
      // No inline <script> in index.html under the CSP: keep the module preload polyfill off.
      modulePreload: {
        polyfill: false,
        resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? [] : deps),
      },
      assetsInlineLimit: 0,
      rolldownOptions: {
        // ADR 0070: small shared chunks are copied into the chunks that import them instead of
        // being files of their own (a registry in rolldown's runtime keeps one state and one
        // execution per module across the copies). The home page loaded 70 scripts, half of them
        // under 1 KB; each costs the main thread a request, a module record and a task of
        // Lighthouse's TBT. Styles stay files: Vite's CSS plugin would emit a copy's CSS twice.
        preserveEntrySignatures: false,
        output: {
          codeSplitting: {
            experimentalInlineCommonChunks: { maxSize: 8 * 1024, exclude: /\.css(\?|$)/ },
          },
        },
        treeshake: {
          // The contract's modules only declare schemas and constants: let unused ones drop out
          // of the bundle (its package.json does not say sideEffects: false).
          moduleSideEffects: (id: string) => !/[\\/]packages[\\/]contract[\\/]src[\\/]/.test(id),
        },
      },
    },
  };
});
