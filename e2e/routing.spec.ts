// docs/product/routes-and-screens.md#redirect-routes routes in the browser: redirects keep the query, guarded deep links go to /login with
// a redirect, the SPA fallback serves deep links on reload, and unknown paths show the 404 page.
import { expect, test } from './fixtures';
import { common, fill, pageTitle } from './locales';

const en = common('en-US');

function redirectParam(url: string): string | null {
  return new URL(url).searchParams.get('redirect');
}

test.describe('redirect routes (docs/product/routes-and-screens.md#redirect-routes)', () => {
  test('/ lands on /main/home with the home heading and title', async ({ page, siteTitle }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/main\/home$/);
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: fill(en.pages.home.welcome, { site: siteTitle }),
      }),
    ).toBeVisible();
    await expect(page).toHaveTitle(pageTitle('en-US', 'home', siteTitle));
  });

  test('/main?x=1 lands on /main/home?x=1 (query kept)', async ({ page }) => {
    await page.goto('/main?x=1');
    await expect(page).toHaveURL(/\/main\/home\?x=1$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('/account?a=b as anonymous ends at /login with redirect /main/account/user?a=b', async ({
    page,
    siteTitle,
  }) => {
    await page.goto('/account?a=b');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    expect(redirectParam(page.url())).toBe('/main/account/user?a=b');
    await expect(page.getByRole('heading', { level: 1, name: en.routes.login })).toBeVisible();
    await expect(page).toHaveTitle(pageTitle('en-US', 'login', siteTitle));
  });
});

test.describe('deep links (SPA fallback)', () => {
  test('/main/event opened directly survives a reload', async ({ page, siteTitle }) => {
    const res = await page.goto('/main/event');
    expect(res?.status()).toBe(200);
    const heading = page.getByRole('heading', { level: 1, name: en.routes.event });
    await expect(heading).toBeVisible();
    await expect(page).toHaveTitle(pageTitle('en-US', 'event', siteTitle));

    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    expect(reloaded?.headers()['content-type']).toContain('text/html');
    await expect(page).toHaveURL(/\/main\/event$/);
    await expect(heading).toBeVisible();
    await expect(page).toHaveTitle(pageTitle('en-US', 'event', siteTitle));
  });

  test('/main/account/user opened directly as anonymous goes to /login?redirect=…', async ({
    page,
  }) => {
    const res = await page.goto('/main/account/user');
    expect(res?.status()).toBe(200);
    await expect(page).toHaveURL(/\/login\?redirect=/);
    expect(redirectParam(page.url())).toBe('/main/account/user');
    await expect(page.getByRole('heading', { level: 1, name: en.routes.login })).toBeVisible();
  });
});

test.describe('404 page (docs/product/routes-and-screens.md#404-page)', () => {
  test('an unknown path shows the translated 404 page whose home link goes home', async ({
    page,
    siteTitle,
  }) => {
    await page.goto('/no/such/page');
    await expect(
      page.getByRole('heading', { level: 1, name: en.pages.notFound.title }),
    ).toBeVisible();
    await expect(page.getByText(en.pages.notFound.message)).toBeVisible();
    await expect(page.getByRole('button', { name: en.pages.notFound.back })).toBeVisible();
    await expect(page).toHaveTitle(pageTitle('en-US', 'notFound', siteTitle));

    await page.getByRole('link', { name: en.pages.notFound.home }).click();
    await expect(page).toHaveURL(/\/main\/home$/);
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: fill(en.pages.home.welcome, { site: siteTitle }),
      }),
    ).toBeVisible();
  });
});
