// Browser journey on `npm start`'s setup (demo game + sandbox provider): sign in as demo
// -> choose server and role -> buy a game pack with the sandbox card in the new tab -> "Payment
// done" -> the order page reaches completed -> the demo game holds the items. A declined card
// leaves the checkout open, and another card then pays the same order. docs/product/top-up.md#top-up-screen, docs/product/top-up.md#order-status-screen, docs/product/top-up.md#order-lifecycle status texts.
import type { Page } from '@playwright/test';
import topupEn from '../apps/web/src/locales/en-US/topup.json' with { type: 'json' };
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { DEMO, submitAccountLogin } from './support/auth';
import { DEMO_ROLES, demoGrants, demoInventory } from './support/demo-game';

const t = topupEn;
const PACK = 'pack_adventurer';

async function signIn(page: Page): Promise<void> {
  await page.goto('/login?redirect=%2Fmain%2Frecharge');
  await submitAccountLogin(page, DEMO.account, DEMO.password);
  await expect(page).toHaveURL(/\/main\/recharge$/);
}

/**
 * Server Dawn, the 4.99 game pack, paid by card: returns the checkout tab. Tests running at the
 * same time use different roles: an open order for the same pack, role and method is reused.
 */
async function startCardPayment(page: Page, role: RegExp = /Aria/) {
  await page.getByTestId('topup-server').getByRole('radio', { name: /Dawn/ }).check();
  await page.getByTestId('topup-role').getByRole('radio', { name: role }).check();
  await page.getByTestId(`topup-product-${PACK}`).getByRole('radio').check();
  await page.getByTestId('topup-pay').getByRole('radio', { name: t.pay.card }).check();
  const popupPromise = page.context().waitForEvent('page');
  await page.getByRole('button', { name: t.confirm }).click();
  const checkout = await popupPromise;
  await checkout.waitForURL(/\/pay\/sandbox\/sbx_/);
  await expect(page.getByRole('dialog', { name: t.payDialog.title })).toBeVisible();
  return checkout;
}

async function payByCard(checkout: Page, card: string): Promise<void> {
  await expect(checkout.getByText('$4.99', { exact: true })).toBeVisible();
  await checkout.getByLabel('Card number').fill(card);
  await checkout.getByLabel('Expiry date (MM/YY)').fill('12/39');
  await checkout.getByLabel('Security code (CVC)').fill('123');
  await checkout.getByRole('button', { name: /^Pay \$4\.99/ }).click();
}

async function orderIdAfterPaymentDone(page: Page): Promise<string> {
  await page.getByRole('button', { name: t.payDialog.done }).click();
  await page.waitForURL(/\/main\/recharge\/detail\/HC\w+$/);
  return page.url().split('/').pop() ?? '';
}

test('buys a game pack with the sandbox card and sees it completed and delivered', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { uid, dawn, aria } = DEMO_ROLES;
  const before = await demoInventory(request, uid, dawn.server_id, aria.role_id);
  await signIn(page);
  await expectNoSeriousA11yViolations(page, 'top-up page');
  const checkout = await startCardPayment(page);
  await expectNoSeriousA11yViolations(checkout, 'sandbox checkout');
  await payByCard(checkout, '4242 4242 4242 4242');
  await expect(checkout.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await expect(checkout.getByRole('link', { name: 'Return to HC Portal' })).toBeVisible();
  await checkout.close();

  const orderId = await orderIdAfterPaymentDone(page);
  const status = page.getByTestId('order-status');
  await expect(status).toHaveText(t.status.completed, { timeout: 30_000 });
  await expect(page.getByTestId('order-status-text')).toHaveText(t.statusText.completed);
  const main = page.getByRole('main');
  await expect(main.getByText('Dawn', { exact: true }).first()).toBeVisible();
  await expect(main.getByText('Aria', { exact: true }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'order page');

  const grants = await demoGrants(request);
  expect(grants.orders[orderId]).toBe(1);
  const after = await demoInventory(request, uid, dawn.server_id, aria.role_id);
  const total = (items: typeof after) => items.reduce((n, i) => n + i.count, 0);
  expect(total(after)).toBeGreaterThan(total(before));
});

test('a declined card leaves the order payable: another card pays the same order', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const checkout = await startCardPayment(page, /Bran/);
  await payByCard(checkout, '4000 0000 0000 0002');
  await expect(checkout.getByRole('alert')).toContainText('Your card was declined');
  await payByCard(checkout, '4242 4242 4242 4242');
  await expect(checkout.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await checkout.close();
  const orderId = await orderIdAfterPaymentDone(page);
  await expect(page.getByTestId('order-status')).toHaveText(t.status.completed, {
    timeout: 30_000,
  });
  expect((await demoGrants(request)).orders[orderId]).toBe(1);
});

test('shows the packs at once; confirm waits for server and role, says why, and a server without roles says so', async ({
  page,
}) => {
  await signIn(page);
  // docs/product/top-up.md#items: the game's packs before a server and role are chosen.
  const pack = page.getByTestId(`topup-product-${PACK}`);
  await expect(pack).toBeVisible();
  await pack.getByRole('radio').check();
  const confirm = page.getByRole('button', { name: t.confirm });
  const reason = page.getByTestId('topup-confirm-reason');
  await expect(confirm).toBeDisabled();
  await expect(reason).toHaveText(t.summary.reason.serverRole);
  await expect(page.getByTestId('topup-pay-hint')).toHaveText(t.pay.needRole);

  await page.getByTestId('topup-server').getByRole('radio', { name: /Tide/ }).check();
  await expect(page.getByTestId('topup-no-roles')).toBeVisible();
  await page.getByRole('radio', { name: t.target.coin }).check();
  await page.getByTestId('topup-product-hc_500').getByRole('radio').check();
  await expect(confirm).toBeDisabled();
  await expect(reason).toHaveText(t.summary.reason.serverRole);
  await expect(page).toHaveURL(/\/main\/recharge$/);
});

test("the top-up page opens under the game's banner: key art, game and the page's title", async ({
  page,
}) => {
  await signIn(page);
  const banner = page.getByTestId('game-banner');
  await expect(banner.getByRole('heading', { level: 1, name: 'Top-up' })).toBeVisible();
  await expect(banner.getByTestId('game-banner-game')).toHaveText('Demo Game');
  const art = banner.getByTestId('game-banner-art');
  await expect
    .poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
});

test('top-up page works at 390 px without horizontal scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.getByTestId('topup-server').getByRole('radio', { name: /Dawn/ }).check();
  await page.getByTestId('topup-role').getByRole('radio', { name: /Aria/ }).check();
  await expect(page.getByTestId(`topup-product-${PACK}`)).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page, 'top-up page at 390 px');
});
