// Browser journey: buy an HC Point pack with the sandbox card (balance rises by amount +
// gift), pay a game pack with HC Point (the items arrive in the demo game, the balance drops),
// find both in the records with filters, then refund the pack from the sandbox's test dashboard
// (the order shows refunded and the balance is corrected). One serial test: it owns the demo
// account's wallet, and every expectation is relative to the balance it starts from.
import type { Page } from '@playwright/test';
import accountEn from '../apps/web/src/locales/en-US/account.json' with { type: 'json' };
import topupEn from '../apps/web/src/locales/en-US/topup.json' with { type: 'json' };
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { DEMO, submitAccountLogin } from './support/auth';
import { DEMO_ROLES, demoGrants } from './support/demo-game';

const t = topupEn;
const COIN_PACK = { id: 'hc_500', amount: 500, gift: 25 };
const GAME_PACK = { id: 'pack_adventurer', hc: 499 };

async function balance(page: Page): Promise<number> {
  await page.goto('/main/account/user');
  const chip = page.getByTestId('account-balance');
  await expect(chip).toHaveAttribute('data-state', 'ready');
  return Number(await chip.getAttribute('data-value'));
}

async function chooseRole(page: Page): Promise<void> {
  await page.goto('/main/recharge');
  await page.getByTestId('topup-server').getByRole('radio', { name: /Dawn/ }).check();
  await page.getByTestId('topup-role').getByRole('radio', { name: /Aria/ }).check();
}

async function expectCompleted(page: Page): Promise<string> {
  await page.waitForURL(/\/main\/recharge\/detail\/HC\w+$/);
  await expect(page.getByTestId('order-status')).toHaveText(t.status.completed, {
    timeout: 30_000,
  });
  return page.url().split('/').pop() ?? '';
}

test('HC Point: buy a pack, pay with it, see the records, refund the pack', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await page.goto('/login');
  await submitAccountLogin(page, DEMO.account, DEMO.password);
  await expect(page).toHaveURL(/\/main\/home$/);
  const start = await balance(page);

  // 1. An HC Point pack with the sandbox card: + amount + gift.
  await chooseRole(page);
  await page.getByRole('radio', { name: t.target.coin }).check();
  await page.getByTestId(`topup-product-${COIN_PACK.id}`).getByRole('radio').check();
  await page.getByTestId('topup-pay').getByRole('radio', { name: t.pay.card }).check();
  const popupPromise = page.context().waitForEvent('page');
  await page.getByRole('button', { name: t.confirm }).click();
  const checkout = await popupPromise;
  await checkout.waitForURL(/\/pay\/sandbox\/sbx_/);
  const checkoutUrl = checkout.url();
  await checkout.getByLabel('Card number').fill('4242424242424242');
  await checkout.getByLabel('Expiry date (MM/YY)').fill('12/39');
  await checkout.getByLabel('Security code (CVC)').fill('123');
  await checkout.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(checkout.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await page.getByRole('button', { name: t.payDialog.done }).click();
  const coinOrder = await expectCompleted(page);
  const afterCredit = await balance(page);
  expect(afterCredit - start).toBe(COIN_PACK.amount + COIN_PACK.gift);
  await expect(page.getByTestId('header-balance')).toHaveAttribute(
    'data-value',
    String(afterCredit),
  );

  // 2. A game pack paid with HC Point: the items arrive, the balance drops.
  await chooseRole(page);
  await page.getByTestId(`topup-product-${GAME_PACK.id}`).getByRole('radio').check();
  await page.getByTestId('topup-pay-epoint').check();
  await expect(page.getByTestId('topup-balance')).toContainText(String(afterCredit));
  await page.getByRole('button', { name: t.confirm }).click();
  const gameOrder = await expectCompleted(page);
  expect((await demoGrants(request)).orders[gameOrder]).toBe(1);
  expect(DEMO_ROLES.aria.role_id).toBe('r-1-1');
  expect(await balance(page)).toBe(afterCredit - GAME_PACK.hc);

  // 3. Both in the records, with the status filter working.
  await page.goto('/main/account/recharge');
  const orders = page.getByTestId('order-records');
  await expect(orders.getByRole('link', { name: coinOrder })).toBeVisible();
  await expect(orders.getByRole('link', { name: gameOrder })).toBeVisible();
  await page
    .getByTestId('record-status-filter')
    .selectOption({ label: accountEn.orders.clientStatus['4'] });
  await expect(orders.getByRole('link', { name: gameOrder })).toBeVisible();
  for (const status of await orders.getByTestId('record-status').all())
    await expect(status).toHaveAttribute('data-status', 'completed');
  await expectNoSeriousA11yViolations(page, 'top-up history');

  await page.goto('/main/account/epoint');
  const coins = page.getByTestId('coin-records');
  await expect(coins.getByTestId('coin-record-row').first()).toBeVisible();
  await expect(
    coins.getByTestId('coin-record-row').filter({ hasText: coinOrder }).first(),
  ).toHaveAttribute('data-type', 'income');
  await expect(
    coins.getByTestId('coin-record-row').filter({ hasText: gameOrder }).first(),
  ).toHaveAttribute('data-type', 'expense');
  await expectNoSeriousA11yViolations(page, 'HC Point record');

  // 4. Refund the HC Point pack from the sandbox's test dashboard.
  await checkout.goto(checkoutUrl);
  await checkout.getByRole('button', { name: /Refund this test payment/ }).click();
  await expect(checkout.getByRole('heading', { name: 'Payment refunded' })).toBeVisible();
  // A completed order page does not poll: reload until the refund webhook has been applied.
  await expect(async () => {
    await page.goto(`/main/recharge/detail/${coinOrder}`);
    await expect(page.getByTestId('order-status')).toHaveText(t.status.refunded, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  // The pack's 525 points are taken back; what was already spent becomes a debt, never < 0.
  expect(await balance(page)).toBe(
    Math.max(0, start + COIN_PACK.amount + COIN_PACK.gift - GAME_PACK.hc - 525),
  );
});
