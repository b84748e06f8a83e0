// Browser tests: the home page sections in three languages, announcement tabs and an
// article, the footer pages, the bulletin's remembered dismissal, and redeeming WELCOME2026 as
// demo (the pack arrives in the demo game; a second try is refused).
import contentEn from '../apps/web/src/locales/en-US/content.json' with { type: 'json' };
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { DEMO, submitAccountLogin } from './support/auth';
import { demoGrants } from './support/demo-game';

for (const language of ['en-US', 'zh-CN', 'th-TH'] as const) {
  test(`home shows banner, downloads, top-up, hot news, game info and features in ${language}`, async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ baseURL, locale: language });
    const page = await context.newPage();
    await page.goto('/main/home');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    for (const id of [
      'home-banner',
      'home-downloads',
      'home-topup',
      'home-hot-news',
      'home-game-info',
      'home-game-features',
      'redeem-box',
      'home-view-more',
    ])
      await expect(page.getByTestId(id)).toBeVisible();
    await expect(page.getByTestId('download-android')).toBeVisible();
    expect(await page.getByTestId('home-hot-news').getByRole('link').count()).toBeGreaterThan(2);
    await context.close();
  });
}

test('announcement tabs filter by type and an article reads in full', async ({ page }) => {
  await page.goto('/main/event');
  await expect(page.getByTestId('event-list')).toBeVisible();
  await page.getByTestId('event-tab-update').click();
  await expect(page).toHaveURL(/tab=update/);
  const first = page.getByTestId('event-list').getByRole('link').first();
  await expect(first).toBeVisible();
  await page.getByTestId('event-tab-strategy').click();
  await expect(page).toHaveURL(/tab=strategy/);
  await expect(page.getByTestId('event-list').getByRole('link').first()).toBeVisible();
  await page.getByTestId('event-list').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/main\/event\/detail\/\d+/);
  await expect(page.getByTestId('article-title')).toBeVisible();
  await expect(page.getByTestId('article-content')).not.toBeEmpty();
  expect(await page.locator('[data-testid="article-content"] script').count()).toBe(0);
  await expectNoSeriousA11yViolations(page, 'article');
  await page.getByTestId('article-back').click();
  await expect(page).toHaveURL(/\/main\/event/);
  await page.goto('/main/event/detail/999999');
  await expect(page.getByTestId('article-not-found')).toBeVisible();
});

test('footer links open real pages', async ({ page }) => {
  await page.goto('/main/home');
  for (const slug of ['about', 'contact', 'privacy', 'agreement']) {
    await page.getByTestId(`footer-${slug}`).click();
    await expect(page).toHaveURL(new RegExp(`/main/page/${slug}$`));
    await expect(page.getByTestId('site-page-content')).not.toBeEmpty();
  }
});

test('the bulletin can be dismissed and stays dismissed', async ({ page }) => {
  await page.goto('/main/home');
  const bulletin = page.getByTestId('bulletin');
  await expect(bulletin).toBeVisible();
  await page.getByTestId('bulletin-dismiss').click();
  await expect(bulletin).toBeHidden();
  await page.reload();
  await expect(page.getByTestId('home-banner')).toBeVisible();
  await expect(page.getByTestId('bulletin')).toBeHidden();
});

test('redeems WELCOME2026 as demo: the pack arrives in the game; a second try is refused', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const redeemed = async () =>
    Object.keys((await demoGrants(request)).deliveries).filter((id) => id.startsWith('redeem:'));
  const before = await redeemed();
  await page.goto('/login?redirect=%2Fmain%2Fhome');
  await submitAccountLogin(page, DEMO.account, DEMO.password);
  await expect(page).toHaveURL(/\/main\/home$/);
  const box = page.getByTestId('redeem-box');
  await box.getByLabel(contentEn.redeem.codeLabel).fill('welcome-2026');
  await box.getByTestId('topup-server-1').check();
  await box.getByTestId('topup-role-r-1-1').check();
  await box.getByTestId('redeem-submit').click();
  await expect(box.getByTestId('redeem-result')).toHaveAttribute('data-status', 'success');
  await expect(box.getByTestId('redeem-rewards')).toBeVisible();
  // New redemption deliveries (another spec may redeem a code of its own meanwhile): at least
  // this one arrives, and every delivery is applied exactly once.
  await expect
    .poll(async () => (await redeemed()).filter((id) => !before.includes(id)).length, {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(1);
  const { deliveries } = await demoGrants(request);
  for (const id of await redeemed()) expect([id, deliveries[id]?.applied]).toEqual([id, 1]);

  await box.getByLabel(contentEn.redeem.codeLabel).fill('WELCOME2026');
  await box.getByTestId('redeem-submit').click();
  await expect(box.getByTestId('redeem-result')).toHaveAttribute('data-status', 'error');
  await expect(box.getByTestId('redeem-result')).toContainText(
    contentEn.redeem.errors.RedeemLimitReached,
  );
});
