// The boot shell (docs/frontend-budgets.md#first-paint): index.html paints the header bar with
// the site title and, on the home page, the game's key art before any JavaScript runs; the app
// starts from the inlined site config without calling /api/setting/init, and takes the shell
// away once its page is on screen.
import { expect, test } from './fixtures';
import { common, fill } from './locales';

const en = common('en-US');

test('without JavaScript, the home page still paints the header bar and the key art', async ({
  browser,
  baseURL,
  siteTitle,
}) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/main/home');
  const shell = page.locator('#hc-boot');
  await expect(shell).toBeVisible();
  await expect(shell.locator('.hc-boot-title')).toHaveText(siteTitle);
  const art = shell.locator('.hc-boot-hero img');
  await expect(art).toBeVisible();
  await expect
    .poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveAttribute(
    'href',
    (await art.getAttribute('src')) ?? '',
  );
  await context.close();
});

test('the app starts from the inlined config and removes the shell when the page is there', async ({
  page,
  siteTitle,
}) => {
  const initCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/setting/init')) initCalls.push(request.url());
  });
  await page.goto('/main/home');
  await expect(
    page.getByRole('heading', { level: 1, name: fill(en.pages.home.welcome, { site: siteTitle }) }),
  ).toBeVisible();
  await expect(page.locator('#hc-boot')).toHaveCount(0);
  await expect(page.locator('#hc-site-config')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(initCalls).toEqual([]);

  // Another page: the bar only, gone the same way.
  await page.goto('/main/event');
  await expect(page.getByTestId('event-list')).toBeVisible();
  await expect(page.locator('#hc-boot')).toHaveCount(0);
});
