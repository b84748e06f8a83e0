import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The fault suite (`npm run test:faults`, ADR 0025): real server
// processes, their own databases and a private PostgreSQL cluster. Not part of the root
// `npx vitest run` (its projects are the workspaces only). One scenario at a time: each one
// kills, restarts and loads processes, and the machine has two cores.
export default defineConfig({
  test: {
    name: 'faults',
    root: fileURLToPath(new URL('../../', import.meta.url)),
    include: ['tests/faults/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/faults/global-setup.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 180_000,
    hookTimeout: 120_000,
    teardownTimeout: 60_000,
  },
});
