// Screenshots for a human look (not a check): run with SCREENSHOTS=1 npx playwright test
// screenshots; they land in /tmp/e2e-shots. CI skips this file.
import { mkdirSync } from 'node:fs';
import { expect, test } from './fixtures';
import { common, fill, type Language } from './locales';

const OUT = '/tmp/e2e-shots';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const homeHeading = (language: Language, site: string) =>
  fill(common(language).pages.home.welcome, { site });

interface Shot {
  name: string;
  path: string;
  language: Language;
  viewport: { width: number; height: number };
  /** The page's h1 in that language. */
  heading: (language: Language, site: string) => string;
}

const SHOTS: Shot[] = [
  {
    name: 'home-en-US-desktop',
    path: '/main/home',
    language: 'en-US',
    viewport: DESKTOP,
    heading: homeHeading,
  },
  {
    name: 'home-zh-CN-390',
    path: '/main/home',
    language: 'zh-CN',
    viewport: PHONE,
    heading: homeHeading,
  },
  {
    name: 'home-th-TH-390',
    path: '/main/home',
    language: 'th-TH',
    viewport: PHONE,
    heading: homeHeading,
  },
  {
    name: '404-ja-JP-desktop',
    path: '/no/such/page',
    language: 'ja-JP',
    viewport: DESKTOP,
    heading: (language) => common(language).pages.notFound.title,
  },
];

test.describe('screenshots', () => {
  test.skip(process.env.SCREENSHOTS !== '1', 'set SCREENSHOTS=1 to take screenshots');

  for (const shot of SHOTS) {
    test(shot.name, async ({ browser, baseURL, siteTitle }) => {
      mkdirSync(OUT, { recursive: true });
      const mobile = shot.viewport.width <= 750;
      const context = await browser.newContext({
        baseURL,
        locale: shot.language,
        viewport: shot.viewport,
        isMobile: mobile,
        hasTouch: mobile,
      });
      const page = await context.newPage();
      await page.goto(shot.path);
      await expect(page.locator('html')).toHaveAttribute('lang', shot.language);
      await expect(
        page.getByRole('heading', { level: 1, name: shot.heading(shot.language, siteTitle) }),
      ).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${OUT}/${shot.name}.png` });
      await context.close();
    });
  }
});
