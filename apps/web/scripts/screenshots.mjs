// Dev tool: screenshots of the built app served at BASE_URL (default http://127.0.0.1:8080)
// in several languages and sizes, to /tmp/shots. Logs console errors (e.g. CSP violations).
// Usage: BASE_URL=http://127.0.0.1:8080 node apps/web/scripts/screenshots.mjs
/* global window, document */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/lib.mjs';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const OUT = process.env.SHOTS_DIR ?? '/tmp/shots';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const SIZES = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };
const LANGS = (process.env.LANGS ?? 'en-US,zh-TW,th-TH,de-DE').split(',');
const extra = [
  { name: '404-en-US-desktop', path: '/no/such/page', lang: 'en-US', size: 'desktop' },
  { name: '404-ja-JP-mobile', path: '/nope', lang: 'ja-JP', size: 'mobile' },
  {
    name: 'login-ko-KR-desktop',
    path: '/login?redirect=%2Fmain%2Frecharge',
    lang: 'ko-KR',
    size: 'desktop',
  },
  { name: 'event-vi-VN-desktop', path: '/main/event', lang: 'vi-VN', size: 'desktop' },
  {
    name: 'home-zh-HK-tablet',
    path: '/main/home',
    lang: 'zh-HK',
    size: { width: 820, height: 1000 },
  },
  {
    name: 'home-zh-CN-desktop-full',
    path: '/main/home',
    lang: 'zh-CN',
    size: 'desktop',
    fullPage: true,
  },
  {
    name: 'ios-en-US-mobile',
    path: '/main/home',
    lang: 'en-US',
    size: 'mobile',
    userAgent: IPHONE_UA,
  },
  {
    name: 'drawer-de-DE-mobile',
    path: '/main/home',
    lang: 'de-DE',
    size: 'mobile',
    openDrawer: true,
  },
  {
    name: 'langmenu-en-US-desktop',
    path: '/main/home',
    lang: 'en-US',
    size: 'desktop',
    openLangMenu: true,
  },
];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});

async function shoot({
  name,
  path,
  lang,
  size,
  fullPage = false,
  userAgent,
  openDrawer,
  openLangMenu,
}) {
  const viewport = typeof size === 'string' ? SIZES[size] : size;
  const context = await browser.newContext({ viewport, userAgent, locale: lang });
  await context.addInitScript((l) => window.localStorage.setItem('hc_language', l), lang);
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(String(e)));
  await page.goto(BASE + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(400);
  if (openDrawer) {
    await page.locator('.mantine-Burger-root').click();
    await page.waitForTimeout(500);
  }
  if (openLangMenu) {
    await page.getByRole('button', { name: /Select Region/ }).click();
    await page.waitForTimeout(300);
  }
  await page.screenshot({ path: `${OUT}/${name}.png`, fullPage });
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  console.log(
    `${name}: title="${await page.title()}" overflowX=${overflow}${problems.length ? ` errors=${JSON.stringify(problems)}` : ''}`,
  );
  await context.close();
}

for (const lang of LANGS) {
  for (const size of ['desktop', 'mobile']) {
    await shoot({ name: `home-${lang}-${size}`, path: '/main/home', lang, size });
  }
}
for (const shot of extra) await shoot(shot);
await browser.close();
