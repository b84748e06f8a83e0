import { defineConfig } from 'vitest/config';

// Server unit tests (beside the code) and integration tests (test/) over app.inject on a real
// database: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // PGlite is wasm with ~600 MB per instance: separate processes, two at a time (root config).
    pool: 'forks',
    globalSetup: ['./test/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
  },
});
