import { defineConfig } from 'vitest/config';

// The demo game's tests: its HTTP API over a real socket on a free port.
export default defineConfig({
  test: {
    name: 'demo-game',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
