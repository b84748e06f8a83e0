import { defineConfig } from 'vitest/config';

// The contract's unit tests (schemas, status mapping, password rule, crypto, OpenAPI), plus one Chromium test for crypto.
export default defineConfig({
  test: {
    name: 'contract',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
