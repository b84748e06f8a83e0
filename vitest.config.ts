import { defineConfig } from 'vitest/config';

// One vitest run over every workspace project (unit + integration + component tests).
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web', 'apps/console', 'apps/demo-game'],
    // Two cores: PGlite instances are ~600 MB of wasm each, so never more than two at a time.
    maxWorkers: 2,
  },
});
