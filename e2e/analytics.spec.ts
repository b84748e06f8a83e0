// Browser test: home → top-up → buy with the sandbox card, then the built-in collector
// holds the docs/product/analytics.md#events events in order (loading_page, show_page home, show_page top-up,
// buy_request, buy_done) and a page_time of at least 2000 ms (docs/product/constants.md#layout-and-timing). The posts to the
// collector carry a signature, and replaying one is refused (AnalyticsReplay 50002).
import type { Page } from '@playwright/test';
import topupEn from '../apps/web/src/locales/en-US/topup.json' with { type: 'json' };
import { expect, test } from './fixtures';
import { DEMO, en, submitAccountLogin } from './support/auth';

const t = topupEn;
const PACK = 'pack_adventurer';

interface StoredEvent {
  event: string;
  seq: number;
  ts: number;
  page: string;
  page_duration?: number;
  type?: string;
  region?: string;
  trafficsource?: string;
  loading_time?: number;
}

/** Indexes of `wanted` found in order in `events`, stopping at the first one missing. */
function orderedMatches(events: StoredEvent[], wanted: ((e: StoredEvent) => boolean)[]): number {
  let found = 0;
  for (const event of events) {
    if (found < wanted.length && wanted[found]!(event)) found++;
  }
  return found;
}

async function hidePage(page: Page): Promise<void> {
  // What the browser does on a tab switch or close: the tracker sends its beacon.
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

test('logs the top-up journey to the collector, signed and in order', async ({ page, request }) => {
  test.setTimeout(120_000);
  // Blob bodies (fetch keepalive, sendBeacon) are not visible to Playwright's request events:
  // record what the page hands to both.
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __collectorPosts: seen });
    const keep = (url: unknown, body: unknown) => {
      if (String(url).includes('/api/analytics/collect') && body instanceof Blob) {
        void body.text().then((text) => seen.push(text));
      }
    };
    const originalFetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      keep(input, init?.body);
      return originalFetch(input, init);
    };
    const originalBeacon = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      keep(url, data);
      return originalBeacon(url, data);
    };
  });

  await page.goto('/login?redirect=%2Fmain%2Fhome&utm_source=e2e_mail');
  await submitAccountLogin(page, DEMO.account, DEMO.password);
  await expect(page).toHaveURL(/\/main\/home$/);
  // Stay on home for more than the 2000 ms of docs/product/constants.md#layout-and-timing, then go to the top-up page from the menu.
  await page.waitForTimeout(2300);
  await page
    .getByRole('navigation', { name: en.nav.mainMenu })
    .getByRole('link', { name: en.nav.recharge })
    .click();
  await expect(page).toHaveURL(/\/main\/recharge$/);

  await page.getByTestId('topup-server').getByRole('radio', { name: /Dawn/ }).check();
  await page.getByTestId('topup-role').getByRole('radio', { name: /Aria/ }).check();
  await page.getByTestId(`topup-product-${PACK}`).getByRole('radio').check();
  // PayPal: the top-up tests running at the same time buy this pack for Aria by card, and an
  // open order for the same pack, role and method is reused (ADR 0031).
  await page.getByTestId('topup-pay').getByRole('radio', { name: t.pay.paypal }).check();
  const popupPromise = page.context().waitForEvent('page');
  await page.getByRole('button', { name: t.confirm }).click();
  const checkout = await popupPromise;
  await checkout.waitForURL(/\/pay\/sandbox\/sbx_/);
  await checkout.getByRole('button', { name: /Pay with PayPal/ }).click();
  await expect(checkout.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await checkout.close();

  await page.getByRole('button', { name: t.payDialog.done }).click();
  await page.waitForURL(/\/main\/recharge\/detail\/HC\w+$/);
  await expect(page.getByTestId('order-status')).toHaveText(t.status.completed, {
    timeout: 30_000,
  });
  await hidePage(page);

  const deviceId = await page.evaluate(() => window.localStorage.getItem('hc_device_id'));
  expect(deviceId).toBeTruthy();
  const wanted = [
    (e: StoredEvent) => e.event === 'webpay_loading_page',
    (e: StoredEvent) => e.event === 'webpay_show_page' && e.page === '/main/home',
    (e: StoredEvent) => e.event === 'webpay_click_page' && e.type === '/main/recharge',
    (e: StoredEvent) => e.event === 'webpay_show_page' && e.page === '/main/recharge',
    (e: StoredEvent) =>
      e.event === 'webpay_buy_request' && e.type === 'game_pack' && e.region !== undefined,
    (e: StoredEvent) => e.event === 'webpay_buy_done' && e.type === 'game_pack',
  ];
  let events: StoredEvent[] = [];
  await expect
    .poll(
      async () => {
        const res = await request.get(`/dev/analytics.json?device_id=${deviceId}`);
        events = ((await res.json()) as { events: StoredEvent[] }).events;
        const stayed = events.some(
          (e) => e.event === 'webpay_page_time' && (e.page_duration ?? 0) >= 2000,
        );
        return orderedMatches(events, wanted) + (stayed ? 1 : 0);
      },
      { message: 'the journey in /dev/analytics.json', timeout: 30_000 },
    )
    .toBe(wanted.length + 1);

  const loading = events.find((e) => e.event === 'webpay_loading_page');
  expect(loading?.trafficsource).toBe('e2e_mail');
  expect(loading?.loading_time).toBeGreaterThan(0);
  expect(events.filter((e) => e.event === 'webpay_buy_done')).toHaveLength(1);
  for (const event of events) expect(event.page).not.toContain('?');

  // Every post carries a signature; a replayed body is refused.
  const posts = await page.evaluate(
    () => (window as unknown as { __collectorPosts: string[] }).__collectorPosts,
  );
  expect(posts.length).toBeGreaterThan(0);
  for (const body of posts) {
    const parsed = JSON.parse(body) as { payload: string; sig: string };
    expect(parsed.sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(parsed.payload).not.toContain(DEMO.password);
  }
  const replay = await request.post('/api/analytics/collect', {
    headers: { 'content-type': 'text/plain' },
    data: posts[0]!,
  });
  expect(((await replay.json()) as { code: number }).code).toBe(50002);
});
