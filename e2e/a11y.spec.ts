// ARCHITECTURE.md#web-app accessibility: axe finds no serious or critical violation on any page of the shell
// (docs/product/routes-and-screens.md#navigation routes), at desktop width and at 390 px, nor with the drawer or language menu open.
import type { Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { common } from './locales';

const en = common('en-US');

interface PageCase {
  name: string;
  path: string;
  /** Waits for the page's own content, so axe never runs on the loader. */
  ready: (page: Page) => Promise<void>;
}

const h1 = (name?: string) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, ...(name ? { name } : {}) })).toBeVisible();
};

const PAGES: PageCase[] = [
  { name: 'home', path: '/main/home', ready: h1() },
  { name: 'event list', path: '/main/event', ready: h1(en.routes.event) },
  {
    name: 'event detail',
    path: '/main/event/detail/1',
    ready: async (page) => {
      await expect(page.getByTestId('article-title')).toBeVisible();
      await expect(page.getByTestId('article-content')).toBeVisible();
    },
  },
  {
    name: 'footer page',
    path: '/main/page/privacy',
    ready: async (page) => {
      await expect(page.getByTestId('site-page-content')).toBeVisible();
    },
  },
  { name: 'login', path: '/login', ready: h1(en.routes.login) },
  { name: '403', path: '/403', ready: h1(en.pages.forbidden.title) },
  { name: '404', path: '/no/such/page', ready: h1(en.pages.notFound.title) },
  {
    name: 'login redirect of a guarded page',
    path: '/main/recharge',
    ready: async (page) => {
      await expect(page).toHaveURL(/\/login\?redirect=/);
      await h1(en.routes.login)(page);
    },
  },
];

const VIEWPORTS = [
  { label: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  {
    label: '390px',
    use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
] as const;

for (const vp of VIEWPORTS) {
  test.describe(`axe at ${vp.label}`, () => {
    test.use(vp.use);
    for (const item of PAGES) {
      test(`${item.name} (${item.path})`, async ({ page }) => {
        await page.goto(item.path);
        await item.ready(page);
        await expectNoSeriousA11yViolations(page, `${item.name} at ${vp.label}`);
      });
    }
  });
}

test.describe('axe with overlays open', () => {
  test.describe('390px', () => {
    test.use(VIEWPORTS[1].use);
    test('home with the mobile drawer open', async ({ page }) => {
      await page.goto('/main/home');
      await page.getByRole('button', { name: en.nav.openMenu }).tap();
      await expect(page.getByRole('dialog', { name: en.nav.mainMenu })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'home with drawer open');
    });
  });

  test('home with the language menu open (desktop)', async ({ page }) => {
    await page.goto('/main/home');
    await page
      .getByRole('button', { name: `${en.nav.selectRegion}: ${en.languages['en-US']}` })
      .click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByRole('menuitem')).toHaveCount(9);
    await expectNoSeriousA11yViolations(page, 'home with language menu open');
  });
});
