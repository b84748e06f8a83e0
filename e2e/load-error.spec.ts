// docs/product/routes-and-screens.md#lazy-loading-and-the-load-error-page: routes load lazily; when a page's chunk cannot be loaded (e.g. after a deploy removed
// it) the load-error page says the page may have been updated and offers a reload.
import { expect, test } from './fixtures';
import { common, fill } from './locales';

const en = common('en-US');

test('a failed route chunk shows the load-error page, and its reload button recovers', async ({
  page,
  siteTitle,
}) => {
  await page.goto('/main/home');
  await expect(
    page.getByRole('heading', { level: 1, name: fill(en.pages.home.welcome, { site: siteTitle }) }),
  ).toBeVisible();

  // Start-up calls and their chunks done, so only the next page's chunk is affected.
  await page.waitForLoadState('networkidle');
  // From now on every chunk that is not loaded yet fails, as after a redeploy.
  const blocked: string[] = [];
  await page.route('**/assets/**', async (route) => {
    blocked.push(route.request().url());
    await route.abort();
  });

  await page
    .getByRole('navigation', { name: en.nav.mainMenu })
    .getByRole('link', { name: en.nav.information, exact: true })
    .click();

  await expect(page).toHaveURL(/\/main\/event$/);
  await expect(
    page.getByRole('heading', { level: 1, name: en.pages.loadError.title }),
  ).toBeVisible();
  await expect(page.getByText(en.pages.loadError.message)).toBeVisible();
  await expect(page.getByRole('heading', { name: en.routes.event })).toHaveCount(0);
  expect(blocked.length, 'no chunk request was blocked').toBeGreaterThan(0);

  await page.unroute('**/assets/**');
  await page.getByRole('button', { name: en.pages.loadError.reload }).click();

  await expect(page).toHaveURL(/\/main\/event$/);
  await expect(page.getByRole('heading', { level: 1, name: en.routes.event })).toBeVisible();
  await expect(page.getByText(en.pages.loadError.message)).toHaveCount(0);
});
