// Browser suite (ARCHITECTURE.md#tests): Debian's Chromium against the real built server, started by
// e2e/global-setup.ts on a free port with a temporary data directory.
import { defineConfig, devices } from '@playwright/test';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
    trace: 'retain-on-failure',
    locale: 'en-US',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /(password-reset|console-support-journey)\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      // Takes the demo game down, adjusts the demo account's HC Point and reconciles the
      // sandbox's payments of the day: runs alone, after every test that pays or reads the wallet.
      name: 'console-support',
      testMatch: /console-support-journey\.spec\.ts$/,
      dependencies: ['desktop'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      // Changes the demo account's password: runs after every other test has signed in.
      name: 'password-reset',
      testMatch: /password-reset\.spec\.ts$/,
      dependencies: ['console-support'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
});
