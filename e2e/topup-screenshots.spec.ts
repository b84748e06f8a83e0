// Screenshots of the top-up journey for a human look: the top-up page, the
// sandbox checkout and the order page, desktop and 390 px, in a few languages. Not a check:
// run with SCREENSHOTS=1 npx playwright test topup-screenshots; PNGs land in /tmp/e2e-shots.
import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures';
import { DEMO } from './support/auth';
import { demoToken } from './support/auth';
import { STORAGE_KEYS } from './locales';

const OUT = '/tmp/e2e-shots';
const CASES = [
  { language: 'en-US', viewport: { width: 1280, height: 900 } },
  { language: 'zh-TW', viewport: { width: 390, height: 844 } },
  { language: 'de-DE', viewport: { width: 390, height: 844 } },
  { language: 'th-TH', viewport: { width: 1280, height: 900 } },
] as const;

test.describe('top-up screenshots', () => {
  test.skip(process.env.SCREENSHOTS !== '1', 'set SCREENSHOTS=1 to take screenshots');

  for (const c of CASES) {
    const tag = `${c.language}-${c.viewport.width}`;
    test(`top-up journey ${tag}`, async ({ browser, baseURL, request }) => {
      test.setTimeout(90_000);
      mkdirSync(OUT, { recursive: true });
      const mobile = c.viewport.width <= 750;
      const context = await browser.newContext({
        baseURL,
        locale: c.language,
        viewport: c.viewport,
        isMobile: mobile,
        hasTouch: mobile,
      });
      const token = await demoToken(request);
      await context.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
        STORAGE_KEYS.token,
        token,
      ] as const);
      const page = await context.newPage();
      await page.goto('/main/recharge');
      await expect(page.locator('html')).toHaveAttribute('lang', c.language);
      await page.getByTestId('topup-server-1').check();
      await page.getByTestId('topup-role-r-1-1').check();
      await page.getByTestId('topup-product-pack_hero').getByRole('radio').check();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${OUT}/topup-${tag}.png`, fullPage: true });

      const popupPromise = context.waitForEvent('page');
      await page.getByTestId('topup-confirm').click();
      const checkout = await popupPromise;
      await checkout.waitForURL(/\/pay\/sandbox\//);
      await page.screenshot({ path: `${OUT}/topup-dialog-${tag}.png` });
      await checkout.screenshot({ path: `${OUT}/checkout-${tag}.png`, fullPage: true });
      await checkout.locator('#card-number').fill('4242424242424242');
      await checkout.locator('#card-expiry').fill('12/39');
      await checkout.locator('#card-cvc').fill('123');
      await checkout.locator('button.pay').click();
      await checkout.waitForSelector('[data-status]');
      await checkout.screenshot({ path: `${OUT}/checkout-result-${tag}.png`, fullPage: true });
      await checkout.close();

      await page.getByRole('dialog').getByRole('button').last().click();
      await page.waitForURL(/\/main\/recharge\/detail\//);
      await expect(page.getByTestId('order-status')).toHaveAttribute('data-status', 'completed', {
        timeout: 30_000,
      });
      await page.screenshot({ path: `${OUT}/order-${tag}.png`, fullPage: true });
      // Account centre and content pages of the same session.
      for (const [name, path, ready] of [
        ['account-user', '/main/account/user', 'account-balance'],
        ['account-recharge', '/main/account/recharge', 'order-records'],
        ['account-epoint', '/main/account/epoint', 'record-total'],
        ['home', '/main/home', 'home-hot-news'],
        ['event', '/main/event', 'event-list'],
        ['article', '/main/event/detail/1', 'article-content'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByTestId(ready).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${OUT}/${name}-${tag}.png`, fullPage: true });
      }
      await context.close();
      expect(DEMO.account).toBe('demo');
    });
  }
});
