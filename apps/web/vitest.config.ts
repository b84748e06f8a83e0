// Vitest project `web`: component, router and client tests in jsdom.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { themeCssPlugin } from './src/app/theme/theme-css-plugin.ts';
import { appDefines, reactI18nextSelectorPlugin } from './vite.config.ts';

export default defineConfig({
  plugins: [react(), themeCssPlugin(), reactI18nextSelectorPlugin()],
  define: appDefines('test-build'),
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 15000,
  },
});
