// docs/product/languages.md languages: switching with the header's "Select Region" menu translates the menu and
// the page title (docs/product/routes-and-screens.md#page-titles), sets <html lang>, and the stored choice survives a reload.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { common, fill, LANGUAGES, pageTitle, STORAGE_KEYS, type Language } from './locales';

/** Asserts what a user sees in `language` on the home page (desktop header). */
async function expectHomeIn(page: Page, language: Language, siteTitle: string): Promise<void> {
  const texts = common(language);
  const menu = page.getByRole('navigation', { name: texts.nav.mainMenu });
  await expect(menu.getByRole('link', { name: texts.nav.home, exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: texts.nav.recharge, exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: texts.nav.information, exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: texts.nav.account, exact: true })).toBeVisible();
  await expect(
    page.getByRole('heading', {
      level: 1,
      name: fill(texts.pages.home.welcome, { site: siteTitle }),
    }),
  ).toBeVisible();
  await expect(page).toHaveTitle(pageTitle(language, 'home', siteTitle));
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(
    page.getByRole('button', {
      name: `${texts.nav.selectRegion}: ${texts.languages[language]}`,
    }),
  ).toBeVisible();
}

for (const language of LANGUAGES) {
  // Start from another browser language so the switch must change every text (and en-US is
  // reached from German, which also shows the browser language is detected, docs/product/languages.md).
  const from: Language = language === 'en-US' ? 'de-DE' : 'en-US';

  test.describe(`language ${language}`, () => {
    test.use({ locale: from });

    test(`switching to ${language} translates menu and title and survives a reload`, async ({
      page,
      siteTitle,
    }) => {
      await page.goto('/main/home');
      await expectHomeIn(page, from, siteTitle);

      const before = common(from);
      await page
        .getByRole('button', { name: `${before.nav.selectRegion}: ${before.languages[from]}` })
        .click();
      await page
        .getByRole('menu')
        .getByRole('menuitem', { name: before.languages[language], exact: true })
        .click();

      await expectHomeIn(page, language, siteTitle);
      expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.language)).toBe(
        language,
      );

      await page.reload();
      await expectHomeIn(page, language, siteTitle);
    });
  });
}
