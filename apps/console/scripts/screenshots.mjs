// Dev tool: screenshots of the built console served at BASE_URL (default http://127.0.0.1:8080)
// in English and Simplified Chinese at 1280 and 390 px, signed in as the demo operator, to
// SHOTS_DIR (/tmp/console-shots). Logs CSP violations, console errors and axe findings.
// Usage: BASE_URL=http://127.0.0.1:8182 node apps/console/scripts/screenshots.mjs
/* global window, document */
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/lib.mjs';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const OUT = process.env.SHOTS_DIR ?? '/tmp/console-shots';
const NAME = process.env.OPERATOR_NAME ?? 'operator';
const PASSWORD = process.env.OPERATOR_PASSWORD ?? 'operator1234';
const SIZES = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };
const LANGS = (process.env.LANGS ?? 'en-US,zh-CN').split(',');

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

async function axe(page, label) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  for (const v of violations)
    console.log(
      `  axe ${label}: [${v.impact}] ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

for (const lang of LANGS) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    const context = await browser.newContext({
      viewport,
      locale: lang,
      isMobile: size === 'mobile',
      hasTouch: size === 'mobile',
    });
    await context.addInitScript((language) => {
      window.localStorage.setItem('hc-console-language', language);
      window.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`),
      );
    }, lang);
    const page = await context.newPage();
    page.on(
      'console',
      (m) => m.type() === 'error' && console.log(`  console ${lang}/${size}: ${m.text()}`),
    );
    const shot = async (name) => {
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const file = `${OUT}/${name}-${lang}-${size}.png`;
      await page.screenshot({ path: file, fullPage: true });
      const csp = await page.evaluate(() => window.__csp);
      if (csp.length) console.log(`  CSP ${name}: ${csp.join(' | ')}`);
      const bare = await page.evaluate(() =>
        [...document.querySelectorAll('style')]
          .filter((s) => !s.nonce)
          .map((s) => s.outerHTML.slice(0, 160)),
      );
      if (bare.length) console.log(`  <style> without nonce on ${name}: ${bare.join(' | ')}`);
      await axe(page, `${name}-${lang}-${size}`);
      console.log(file);
    };
    await page.goto(`${BASE}/console/`);
    await page.getByRole('textbox').first().waitFor();
    await shot('sign-in');
    await page.getByRole('textbox').first().fill(NAME);
    await page.locator('input[type=password]').fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(500);
    await shot('home');
    if (size === 'mobile') {
      await page.getByRole('button', { name: /navigation|导航/ }).click();
      await page.waitForTimeout(400);
      await shot('nav-open');
      await page.getByRole('button', { name: /navigation|导航/ }).click();
    }
    // Client-side navigation: a reload would need session/me to work without the CSRF token.
    const nav = async (path) => {
      if (size === 'mobile') await page.getByRole('button', { name: /navigation|导航/ }).click();
      await page.locator(`nav a[href="${path === '/' ? '/console' : `/console${path}`}"]`).click();
    };
    await nav('/operators');
    await page.locator('[data-testid^="operator"]:visible').first().waitFor();
    await shot('operators');
    await page.getByRole('button', { name: /Invite operator|邀请运营人员/ }).click();
    await page.getByRole('dialog').waitFor();
    await page.waitForTimeout(400);
    await shot('invite');
    await page.keyboard.press('Escape');
    await nav('/audit');
    await page.locator('[data-testid=audit-total]').waitFor();
    const toggle = page
      .locator('[data-testid=audit-row] button:visible, [data-testid=audit-card] button:visible')
      .first();
    if (await toggle.count()) await toggle.click();
    await shot('audit');
    await nav('/');
    await page.locator('a[href="/console/two-factor"]').click();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await shot('two-factor');
    await context.close();
  }
}
await browser.close();
