// docs/product/constants.md#layout-and-timing mobile layout (width <= 750 px): a burger opens the menu in a drawer; wide screens
// show the desktop navigation and no burger.
import { expect, test } from './fixtures';
import { common } from './locales';
import { DEMO, submitAccountLogin } from './support/auth';

const en = common('en-US');
const MENU_LABELS = [en.nav.home, en.nav.recharge, en.nav.information, en.nav.account];

test.describe('390×844 phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('shows the burger instead of the desktop nav; the drawer holds the menu', async ({
    page,
  }) => {
    await page.goto('/main/home');
    const burger = page.getByRole('button', { name: en.nav.openMenu });
    await expect(burger).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('navigation', { name: en.nav.mainMenu })).toHaveCount(0);

    await burger.tap();
    const drawer = page.getByRole('dialog', { name: en.nav.mainMenu });
    await expect(drawer).toBeVisible();
    const nav = drawer.getByRole('navigation', { name: en.nav.mainMenu });
    for (const label of MENU_LABELS) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(drawer.getByRole('combobox', { name: en.nav.selectRegion })).toBeVisible();
    await expect(page.getByRole('button', { name: en.nav.closeMenu }).first()).toBeVisible();

    // Following a menu entry closes the drawer and navigates.
    await nav.getByRole('link', { name: en.nav.information, exact: true }).tap();
    await expect(page).toHaveURL(/\/main\/event$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: en.routes.event })).toBeVisible();
  });

  test('top-up: the chosen pack, the total and Confirm stay on screen while the packs scroll', async ({
    page,
  }) => {
    await page.goto('/login?redirect=%2Fmain%2Frecharge');
    await submitAccountLogin(page, DEMO.account, DEMO.password);
    await expect(page).toHaveURL(/\/main\/recharge$/);
    await page.getByTestId('topup-server').getByRole('radio', { name: /Dawn/ }).check();
    await page.getByTestId('topup-role').getByRole('radio', { name: /Aria/ }).check();
    const pack = page.getByTestId('topup-product-pack_adventurer');
    await pack.getByRole('radio').check();
    const bar = page.getByTestId('topup-summary');
    await expect(bar.getByTestId('topup-summary-pack')).toContainText("Adventurer's Satchel");
    await expect(bar.getByTestId('topup-total')).toContainText('4.99');
    // With the pack list on screen (the summary comes after it in the page), the bar is there.
    await pack.scrollIntoViewIfNeeded();
    await expect(bar.getByTestId('topup-confirm')).toBeInViewport();
    const box = await bar.boundingBox();
    expect(box && box.y + box.height).toBeCloseTo(844, -1);
  });
});

test.describe('1280×800 desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('shows the desktop nav with every menu entry and no burger', async ({ page }) => {
    await page.goto('/main/home');
    const nav = page.getByRole('navigation', { name: en.nav.mainMenu });
    await expect(nav).toBeVisible();
    for (const label of MENU_LABELS) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: en.nav.home, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByRole('button', { name: en.nav.openMenu })).toHaveCount(0);
    await expect(
      page.getByRole('button', { name: new RegExp(`^${en.nav.selectRegion}: `) }),
    ).toBeVisible();
  });

  test('top-up: the payment card sits beside the steps and stays on screen while the packs scroll', async ({
    page,
  }) => {
    await page.goto('/login?redirect=%2Fmain%2Frecharge');
    await submitAccountLogin(page, DEMO.account, DEMO.password);
    await expect(page).toHaveURL(/\/main\/recharge$/);
    const steps = page.getByTestId('topup-step-pack');
    const card = page.getByTestId('topup-summary');
    await expect(page.getByTestId('topup-product-pack_legend')).toBeVisible();
    const left = await steps.boundingBox();
    const right = await card.boundingBox();
    expect(left).not.toBeNull();
    expect(right).not.toBeNull();
    expect(right!.x).toBeGreaterThanOrEqual(left!.x + left!.width);
    // Scrolled down to the last pack, the card with Confirm is still in view.
    await page.getByTestId('topup-product-pack_legend').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(card.getByTestId('topup-confirm')).toBeInViewport();
  });
});
