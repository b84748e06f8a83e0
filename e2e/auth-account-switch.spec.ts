// Login CSRF through `?hctoken=` (docs/handover.md): a link carrying someone else's hand-over
// ticket, opened while the demo player is signed in, asks before switching; "Stay" keeps the
// demo player. The other player's ticket comes from a real Google sign-in in another browser
// whose page is stopped before it exchanges the ticket.
import type { Browser } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { STORAGE_KEYS, fill } from './locales';
import { DEMO, auth, en, logoutButton, submitAccountLogin } from './support/auth';

/** An unused hand-over ticket of a (new) Google account, taken in another browser context. */
async function ticketOfAnotherPlayer(browser: Browser, baseURL: string): Promise<string> {
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  const page = await context.newPage();
  // The provider's dev pages import a web font; there is no internet here.
  await page.route('https://fonts.googleapis.com/**', (route) => route.abort());
  let ticket = '';
  // The page's exchange is a fetch (interceptable, unlike the redirects before it): keep the
  // ticket and stop the exchange, so the ticket stays unused.
  await page.route('**/api/user/tmpWebTokenLogin', async (route) => {
    ticket = (route.request().postDataJSON() as { token: string }).token;
    await route.abort();
  });
  await page.goto('/login');
  const google = auth.social.continueWith.replace('{{provider}}', auth.providers.google);
  await page.getByRole('link', { name: google }).click();
  await page.getByPlaceholder('Enter any login').fill('e2e-switch-other-player');
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => ticket).not.toBe('');
  await context.close();
  return ticket;
}

test('a link with another player’s ticket asks first; Stay keeps the demo player', async ({
  page,
  browser,
  baseURL,
}) => {
  const ticket = await ticketOfAnotherPlayer(browser, baseURL ?? '');

  await page.goto('/login');
  await submitAccountLogin(page, DEMO.account, DEMO.password);
  await expect(logoutButton(page)).toBeVisible();
  const demoToken = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  expect(demoToken).toBeTruthy();

  await page.goto(`/main/home?x=1&hctoken=${encodeURIComponent(ticket)}`);
  const dialog = page.getByRole('dialog', { name: en.session.switchTitle });
  await expect(dialog).toBeVisible();
  const other = 'google_[0-9a-f]{10}';
  const message = fill(en.session.switchMessage, { current: DEMO.account, next: other });
  await expect(dialog).toContainText(new RegExp(message.replace(/\./g, '\\.')));
  await expect(
    dialog.getByRole('button', {
      name: new RegExp(`^${fill(en.session.switchTo, { account: other })}$`),
    }),
  ).toBeVisible();
  const stay = dialog.getByRole('button', {
    name: fill(en.session.stayAs, { account: DEMO.account }),
  });
  // The safe answer has the focus; the ticket stays in the address bar until the answer.
  await expect(stay).toBeFocused();
  expect(new URL(page.url()).searchParams.has('hctoken')).toBe(true);
  await expectNoSeriousA11yViolations(page, 'account switch dialog');

  await stay.click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/main\/home\?x=1$/);
  await expect(logoutButton(page)).toHaveAttribute(
    'title',
    fill(en.nav.signedInAs, { account: DEMO.account }),
  );
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)).toBe(
    demoToken,
  );
});
