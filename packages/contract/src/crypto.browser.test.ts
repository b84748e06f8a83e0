// Cross-environment check of docs/product/api.md#payload-encryption payload crypto: the bundle the browser runs and Node must read each other's tokens.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptPayload, encryptPayload, generatePayloadKey } from './crypto';

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
const ORIGIN = 'https://contract-crypto.invalid/';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type BrowserCrypto = {
  encryptPayload(key: string, text: string): Promise<string>;
  decryptPayload(key: string, token: string): Promise<string>;
};

const title = hasChromium
  ? 'payload crypto in Chromium'
  : `payload crypto in Chromium (skipped: ${CHROMIUM} not found; CI has it)`;

describe.skipIf(!hasChromium)(title, () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    const bundle = await build({
      entryPoints: [fileURLToPath(new URL('./crypto.ts', import.meta.url))],
      bundle: true,
      format: 'iife',
      globalName: 'HcCrypto',
      platform: 'browser',
      target: 'chrome110',
      write: false,
    });
    const code = bundle.outputFiles[0]?.text;
    if (!code) throw new Error('esbuild produced no output');
    expect(code).not.toMatch(/require\(|node:crypto/);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
    page = await browser.newPage();
    // about:blank is not a secure context in Chromium, so crypto.subtle is missing there. An https page
    // answered by route interception is a secure context and never touches the network.
    await page.route(ORIGIN, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>crypto</title>' }),
    );
    await page.goto(ORIGIN);
    expect(await page.evaluate(() => globalThis.isSecureContext)).toBe(true);
    await page.addScriptTag({ content: code });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  const text = JSON.stringify({
    account: '+8613800138000',
    code: '123456',
    passwd: 'Pässw0rd 密码',
  });

  it('the browser decrypts what Node encrypted', async () => {
    const key = await generatePayloadKey();
    const token = await encryptPayload(key, text);
    const out = await page.evaluate(
      ([k, t]) =>
        (globalThis as unknown as { HcCrypto: BrowserCrypto }).HcCrypto.decryptPayload(k, t),
      [key, token] as const,
    );
    expect(out).toBe(text);
  });

  it('Node decrypts what the browser encrypted', async () => {
    const key = await generatePayloadKey();
    const token = await page.evaluate(
      ([k, t]) =>
        (globalThis as unknown as { HcCrypto: BrowserCrypto }).HcCrypto.encryptPayload(k, t),
      [key, text] as const,
    );
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await decryptPayload(key, token)).toBe(text);
  });

  it('the browser rejects a token made with another key', async () => {
    const token = await encryptPayload(await generatePayloadKey(), text);
    const other = await generatePayloadKey();
    const outcome = await page.evaluate(
      ([k, t]) =>
        (globalThis as unknown as { HcCrypto: BrowserCrypto }).HcCrypto.decryptPayload(k, t).then(
          () => 'decrypted',
          (e: Error) => e.name,
        ),
      [other, token] as const,
    );
    expect(outcome).toBe('PayloadError');
  });
});
