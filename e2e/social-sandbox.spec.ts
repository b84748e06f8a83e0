// The sandbox identity provider in the browser (docs/sign-in.md "Sandbox identity provider",
// ADR 0044): a portal started like `npm start` configures it (SOCIAL_SANDBOX=true, no provider
// of its own), so the login page shows all four buttons, and each one signs in through the
// sandbox's page — Google and Apple over OpenID Connect (Apple returning by form_post),
// Facebook over OAuth 2.0 and the Graph endpoints, WeChat over its QR-login endpoints — and
// lands signed in. This file starts its own server: the suite's shared one points Google at a
// local OpenID provider instead (e2e/global-setup.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { auth, en, logoutButton } from './support/auth';

test.describe.configure({ mode: 'serial' });

let server: ChildProcess | undefined;
let dataDir = '';
let portal = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const port = await freePort();
  portal = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'hc-e2e-sandbox-idp-'));
  server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'error',
      PUBLIC_BASE_URL: portal,
      SOCIAL_SANDBOX: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${portal}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until || server.exitCode !== null) throw new Error('sandbox portal not ready');
    await new Promise((r) => setTimeout(r, 200));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir !== '') rmSync(dataDir, { recursive: true, force: true });
});

const PROVIDERS = ['google', 'apple', 'facebook', 'wechat'] as const;
type Provider = (typeof PROVIDERS)[number];

const providerButton = (page: Page, provider: Provider) =>
  page.getByRole('link', {
    name: auth.social.continueWith.replace('{{provider}}', auth.providers[provider]),
  });

const NAMES: Record<Provider, string> = {
  google: 'Google',
  apple: 'Apple',
  facebook: 'Facebook',
  wechat: 'WeChat',
};

async function expectSignedInAs(page: Page, provider: Provider): Promise<void> {
  await expect(logoutButton(page)).toBeVisible();
  const signedInAs = en.nav.signedInAs.replace('{{account}}', `${provider}_[0-9a-f]{10}`);
  await expect(logoutButton(page)).toHaveAttribute('title', new RegExp(`^${signedInAs}$`));
  await expect(page).toHaveURL(/\/main\/home$/);
  expect(new URL(page.url()).searchParams.has('hctoken')).toBe(false);
}

test('the login page offers all four providers', async ({ page }) => {
  await page.goto(`${portal}/login`);
  for (const provider of PROVIDERS) await expect(providerButton(page, provider)).toBeVisible();
});

for (const provider of PROVIDERS) {
  test(`${NAMES[provider]} signs in through the sandbox page`, async ({ page }) => {
    await page.goto(`${portal}/login`);
    await providerButton(page, provider).click();
    await expect(page).toHaveURL(new RegExp(`/dev/sandbox-idp/${provider}/`));
    await expect(page.getByRole('note')).toContainText('Sandbox sign-in (test mode)');
    await expect(
      page.getByRole('heading', { level: 1, name: `Sign in with ${NAMES[provider]}` }),
    ).toBeVisible();
    if (provider === 'google') await expectNoSeriousA11yViolations(page, 'sandbox sign-in page');
    if (provider === 'facebook') {
      // A custom identity instead of a demo one.
      await page.getByRole('textbox', { name: 'Name' }).fill('Erin Custom');
      await page.getByRole('textbox', { name: /^Email/ }).fill('erin@sandbox.example');
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
    } else {
      await page.getByRole('button', { name: 'Continue as Alice Tester' }).click();
    }
    await expectSignedInAs(page, provider);
  });
}

test('cancelling at the sandbox returns to the login page, signed out', async ({ page }) => {
  await page.goto(`${portal}/login`);
  await providerButton(page, 'google').click();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(logoutButton(page)).toHaveCount(0);
});
