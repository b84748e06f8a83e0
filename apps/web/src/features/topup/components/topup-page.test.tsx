// The top-up screen (docs/product/top-up.md#top-up-screen, docs/product/top-up.md#items, docs/product/top-up.md#before-paying, docs/product/errors.md#error-catalogue) over a stubbed API: items sorted by
// price with the bonus tag, the packs before a server and role (and a pack the chosen server does
// not sell), servers in maintenance, "no role information", "confirm order" disabled with its
// reason, card/PayPal in a new tab with the payment dialog, retries with one Idempotency-Key, HC Point.
import { ErrorCode, STORAGE_KEYS } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { businessError, envelope, type RecordedRequest } from '../../../test/api-stub';
import { currentUrl, renderApp } from '../../../test/render-app';
import { bodyOf, orderDetail, servers, topupPageCalls } from './topup-fixtures';

type Handlers = Record<string, (r: RecordedRequest) => Response | Promise<Response>>;

function openTopup(handlers: Handlers = {}) {
  return renderApp('/main/recharge', {
    as: 'player',
    handlers: {
      ...topupPageCalls,
      '/api/order/webCreate': () =>
        envelope({ pay_url: 'https://pay.example.com/checkout/ORD-1', sdk_order_id: 'ORD-1' }),
      '/api/order/detail': () => envelope(orderDetail()),
      ...handlers,
    },
  });
}

const T = { timeout: 5000 };
const serverRadio = (name: RegExp) => screen.findByRole('radio', { name }, T);

type App = Awaited<ReturnType<typeof openTopup>>;

/** Server S1, role Aria, the 4.99 pack. */
async function chooseAll({ user }: App, pay: RegExp = /Visa/) {
  await user.click(await serverRadio(/S1 Dawn/));
  await user.click(screen.getByRole('radio', { name: /Aria/ }));
  await user.click(await screen.findByRole('radio', { name: /Gem Pouch/ }, T));
  await user.click(await screen.findByRole('radio', { name: pay }, T));
}

const requestsTo = (app: App, path: string) => app.api.requests.filter((r) => r.url === path);

function fakeTab() {
  const tab = { location: { href: '' }, opener: {} as unknown, close: vi.fn() };
  const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, open };
}

describe('top-up page', () => {
  it('shows the docs/product/top-up.md#top-up-screen labels, servers in maintenance disabled, and items sorted by price', async () => {
    const app = await openTopup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Top-up' }, T)).toBeVisible();
    expect(screen.getByRole('group', { name: 'Game' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Dragon Saga/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Android' })).toBeChecked();
    const storm = await serverRadio(/S2 Storm/);
    expect(storm).toBeDisabled();
    expect(within(screen.getByTestId('topup-server-2')).getByText('Maintenance')).toBeVisible();
    expect(screen.getByText('Notes')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Contact customer support' })).toHaveAttribute(
      'href',
      'https://support.example.com/player',
    );

    await app.user.click(await serverRadio(/S1 Dawn/));
    await app.user.click(screen.getByRole('radio', { name: /Aria/ }));
    const group = await screen.findByTestId('topup-products', {}, T);
    const names = within(group)
      .getAllByRole('radio')
      .map((r) => r.closest('label')?.textContent ?? '');
    expect(names).toEqual([
      expect.stringContaining('Gem Handful'),
      expect.stringContaining('Gem Pouch'),
      expect.stringContaining('Gem Chest'),
    ]);
    expect(names[0]).toContain('$0.99');
    expect(names[2]).toContain('$19.99');
    // Bonus tag only where bonus > 0.
    expect(
      within(screen.getByTestId('topup-product-g-99')).queryByTestId('topup-bonus'),
    ).toBeNull();
    expect(
      within(screen.getByTestId('topup-product-g-1999')).getByTestId('topup-bonus'),
    ).toHaveTextContent('+25%');
    // A running rebate is shown on its card only.
    expect(
      within(screen.getByTestId('topup-product-g-1999')).getByTestId('topup-rebate'),
    ).toHaveTextContent('+100 HC Point rebate');
    expect(
      within(screen.getByTestId('topup-product-g-499')).queryByTestId('topup-rebate'),
    ).toBeNull();
    // The game's packs with the page, then those of the chosen server (the role changes nothing).
    expect(requestsTo(app, '/api/recharge/v2/items').map(bodyOf)).toEqual([{}, { server_id: 1 }]);
    expect(requestsTo(app, '/api/order/webProduct')).toHaveLength(0);
    // The list was stored under its stored key (docs/product/constants.md#stored-keys).
    expect(window.localStorage.getItem(STORAGE_KEYS.serverRoles)).toContain('S1 Dawn');
  });

  it('shows the cached server list at once while it refreshes (docs/product/api.md#top-up-calls, docs/product/constants.md)', async () => {
    const cached = [{ ...servers[0]!, server_name: 'S1 Cached' }];
    window.localStorage.setItem(
      STORAGE_KEYS.serverRoles,
      JSON.stringify({ gameId: 1, gameAccountId: 5001, list: cached }),
    );
    let answer: (r: Response) => void = () => undefined;
    const app = await openTopup({
      '/api/user/webRole': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    expect(await serverRadio(/S1 Cached/)).toBeEnabled();
    await waitFor(() => expect(requestsTo(app, '/api/user/webRole')).toHaveLength(1));
    answer(envelope({ list: servers }));
    expect(await serverRadio(/S1 Dawn/)).toBeEnabled();
    expect(screen.queryByRole('radio', { name: /S1 Cached/ })).toBeNull();
  });

  it('says "no role information" for a server without roles (docs/product/top-up.md#before-paying)', async () => {
    const { user } = await openTopup();
    await user.click(await serverRadio(/S3 Frost/));
    expect(await screen.findByText('This server has no role information.')).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Role' })).toBeNull();
  });

  it('shows the packs before a server and role; confirm waits for every step and says which (docs/product/top-up.md#before-paying)', async () => {
    const app = await openTopup();
    const open = vi.spyOn(window, 'open');
    // The game's packs (those sold on any server) before anything is chosen.
    const pouch = await screen.findByRole('radio', { name: /Gem Pouch/ }, T);
    expect(screen.getByRole('radio', { name: /Frost Crate/ })).toBeVisible();
    expect(screen.getByRole('radio', { name: /S1 Dawn/ })).not.toBeChecked();
    const confirm = screen.getByRole('button', { name: 'Confirm order' });
    const reason = () => screen.getByTestId('topup-confirm-reason');
    expect(confirm).toBeDisabled();
    expect(reason()).toHaveTextContent('Choose a server and role first.');
    expect(confirm).toHaveAttribute('aria-describedby', 'topup-confirm-reason');
    expect(screen.getByRole('heading', { name: 'Server and role' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Pack' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Payment' })).toBeVisible();

    // A pack first: chosen and totalled; the payment methods wait for the role.
    await app.user.click(pouch);
    expect(pouch).toBeChecked();
    expect(screen.getByTestId('topup-total')).toHaveTextContent('$4.99');
    expect(screen.getByTestId('topup-summary-pack')).toHaveTextContent('Gem Pouch');
    expect(screen.getByTestId('topup-pay-hint')).toHaveTextContent(
      'Choose a server and role to see the payment methods.',
    );
    expect(reason()).toHaveTextContent('Choose a server and role first.');
    expect(requestsTo(app, '/api/order/webPayChannel')).toHaveLength(0);

    // S1 sells it: it stays chosen.
    await app.user.click(screen.getByRole('radio', { name: /S1 Dawn/ }));
    expect(reason()).toHaveTextContent('Choose a role first.');
    await app.user.click(screen.getByRole('radio', { name: /Aria/ }));
    expect(await screen.findByRole('radio', { name: /Visa/ }, T)).toBeChecked();
    expect(screen.getByRole('radio', { name: /Gem Pouch/ })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Frost Crate/ })).toBeNull();
    await waitFor(() => expect(confirm).toBeEnabled());
    expect(screen.queryByTestId('topup-confirm-reason')).toBeNull();
    expect(confirm).not.toHaveAttribute('aria-describedby');
    expect(requestsTo(app, '/api/order/webCreate')).toHaveLength(0);
    expect(open).not.toHaveBeenCalled();
  });

  it('drops a pack chosen before the server when the chosen server does not sell it', async () => {
    const app = await openTopup();
    await app.user.click(await screen.findByRole('radio', { name: /Frost Crate/ }, T));
    expect(screen.getByTestId('topup-total')).toHaveTextContent('$2.99');
    await app.user.click(screen.getByRole('radio', { name: /S1 Dawn/ }));
    expect(await screen.findByTestId('topup-pack-not-sold', {}, T)).toHaveTextContent(
      'Frost Crate is not sold on this server. Please choose another pack.',
    );
    expect(screen.queryByRole('radio', { name: /Frost Crate/ })).toBeNull();
    expect(screen.getByTestId('topup-total')).toHaveTextContent('—');
    await app.user.click(screen.getByRole('radio', { name: /Aria/ }));
    expect(screen.getByTestId('topup-confirm-reason')).toHaveTextContent('Choose a pack.');
    expect(screen.getByRole('button', { name: 'Confirm order' })).toBeDisabled();
    expect(requestsTo(app, '/api/order/webPayChannel')).toHaveLength(0);

    // Another pack: the notice goes, and the payment methods come.
    await app.user.click(screen.getByRole('radio', { name: /Gem Chest/ }));
    expect(screen.queryByTestId('topup-pack-not-sold')).toBeNull();
    expect(await screen.findByRole('radio', { name: /Visa/ }, T)).toBeChecked();
    expect(bodyOf(requestsTo(app, '/api/order/webPayChannel')[0]!)).toMatchObject({
      cp_goods_id: 'g-1999',
    });
  });

  it('keeps a pack chosen on a server that sells it', async () => {
    const app = await openTopup();
    await app.user.click(await screen.findByRole('radio', { name: /Frost Crate/ }, T));
    await app.user.click(screen.getByRole('radio', { name: /S3 Frost/ }));
    await waitFor(() =>
      expect(requestsTo(app, '/api/recharge/v2/items').map(bodyOf)).toContainEqual({
        server_id: 3,
      }),
    );
    expect(await screen.findByRole('radio', { name: /Frost Crate/ }, T)).toBeChecked();
    expect(screen.queryByTestId('topup-pack-not-sold')).toBeNull();
    expect(screen.getByTestId('topup-total')).toHaveTextContent('$2.99');
  });

  it('creates the order, opens the pay page in a new tab, and "payment done" goes to the order', async () => {
    const app = await openTopup();
    const { tab, open } = fakeTab();
    await chooseAll(app);
    expect(screen.getByTestId('topup-total')).toHaveTextContent('$4.99');
    await app.user.click(screen.getByRole('button', { name: 'Confirm order' }));

    const dialog = await screen.findByRole('dialog', {}, T);
    expect(
      within(dialog).getByText('Please finish the payment in the newly opened page.'),
    ).toBeVisible();
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.location.href).toBe('https://pay.example.com/checkout/ORD-1');
    expect(tab.opener).toBeNull();
    const [create] = requestsTo(app, '/api/order/webCreate');
    expect(bodyOf(create!)).toEqual({
      role_id: 'r-100',
      server_id: 1,
      cp_goods_id: 'g-499',
      channel_code: 'card',
      role_name: 'Aria',
      server_name: 'S1 Dawn',
    });
    expect(create!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(bodyOf(requestsTo(app, '/api/order/webPayChannel')[0]!)).toEqual({
      role_id: 'r-100',
      server_id: 1,
      cp_goods_id: 'g-499',
    });

    await app.user.click(within(dialog).getByRole('button', { name: 'Payment done' }));
    await waitFor(() => expect(currentUrl(app.router)).toBe('/main/recharge/detail/ORD-1'));
  });

  it('"back to change" closes the dialog and stays on the form', async () => {
    const app = await openTopup();
    fakeTab();
    await chooseAll(app, /PayPal/);
    await app.user.click(screen.getByRole('button', { name: 'Confirm order' }));
    const dialog = await screen.findByRole('dialog', {}, T);
    await app.user.click(within(dialog).getByRole('button', { name: 'Back to change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentUrl(app.router)).toBe('/main/recharge');
    expect(bodyOf(requestsTo(app, '/api/order/webCreate')[0]!)).toMatchObject({
      channel_code: 'paypal',
    });
  });

  it('shows the pay link when the browser blocks the new tab', async () => {
    const app = await openTopup();
    vi.spyOn(window, 'open').mockReturnValue(null);
    await chooseAll(app);
    await app.user.click(screen.getByRole('button', { name: 'Confirm order' }));
    const dialog = await screen.findByRole('dialog', {}, T);
    expect(within(dialog).getByRole('link', { name: 'Open the payment page' })).toHaveAttribute(
      'href',
      'https://pay.example.com/checkout/ORD-1',
    );
  });

  it('retries a failed confirm with the same Idempotency-Key and shows the translated error', async () => {
    let calls = 0;
    const app = await openTopup({
      '/api/order/webCreate': () =>
        ++calls === 1
          ? businessError(ErrorCode.serverMaintenance, 'maintenance')
          : envelope({ pay_url: 'https://pay.example.com/checkout/ORD-1', sdk_order_id: 'ORD-1' }),
    });
    const { tab } = fakeTab();
    await chooseAll(app);
    await app.user.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect(
      await screen.findByText('The server is under maintenance. Please try again later.', {}, T),
    ).toBeVisible();
    expect(tab.close).toHaveBeenCalled();
    await app.user.click(screen.getByRole('button', { name: 'Confirm order' }));
    await screen.findByRole('dialog', {}, T);
    const keys = requestsTo(app, '/api/order/webCreate').map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('pays with HC Point: shows the balance, pays the order and opens its page', async () => {
    const app = await openTopup({
      // Enough for the 4.99 pack (499 HC Point): a short balance disables confirm.
      '/api/operate/epoint/balance': () => envelope({ basicNum: 500, presentNum: 20 }),
      '/api/payment/order/epoint/pay': () =>
        envelope({ sdk_order_id: 'ORD-1', status: 6, balance: { basicNum: 21, presentNum: 0 } }),
    });
    const open = vi.spyOn(window, 'open');
    await chooseAll(app, /^HC Point$/);
    expect(
      await within(screen.getByTestId('topup-balance')).findByText('520 HC Point', {}, T),
    ).toBeVisible();
    await app.user.click(screen.getByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(currentUrl(app.router)).toBe('/main/recharge/detail/ORD-1'), T);
    expect(open).not.toHaveBeenCalled();
    expect(bodyOf(requestsTo(app, '/api/payment/order/epoint/pay')[0]!)).toEqual({
      paymentId: 'ORD-1',
    });
    expect(bodyOf(requestsTo(app, '/api/operate/epoint/balance')[0]!)).toEqual({ userId: 5001 });
  });

  it('shows "HC balance insufficient" when the HC Point payment is refused', async () => {
    const app = await openTopup({
      // The page saw enough; the balance changed before the payment (the payment step still checks).
      '/api/operate/epoint/balance': () => envelope({ basicNum: 500, presentNum: 0 }),
      '/api/payment/order/epoint/pay': () =>
        businessError(ErrorCode.ePointNumInsufficient, 'insufficient'),
    });
    await chooseAll(app, /^HC Point$/);
    await app.user.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect(
      await screen.findByText('Your HC Point balance is insufficient. Please recharge.', {}, T),
    ).toBeVisible();
    expect(currentUrl(app.router)).toBe('/main/recharge');
  });

  it('shows getEPointOverageFail and logs when the balance query fails (docs/product/errors.md#outcome-and-failure-messages)', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await openTopup({
      '/api/operate/epoint/balance': () => businessError(ErrorCode.SystemBusy, 'busy'),
    });
    await chooseAll(app, /^HC Point$/);
    expect(
      await within(screen.getByTestId('topup-balance')).findByText(
        'Failed to get the HC Point balance.',
        {},
        T,
      ),
    ).toBeVisible();
    expect(errorLog).toHaveBeenCalled();
  });

  it('lists HC Point packs under "recharge to HC Point" with the gift amount', async () => {
    const app = await openTopup();
    await app.user.click(await serverRadio(/S1 Dawn/));
    await app.user.click(screen.getByRole('radio', { name: 'Recharge to HC Point' }));
    const card = await screen.findByTestId('topup-product-c-1000', {}, T);
    expect(card).toHaveTextContent('+50 HC Point gift');
    expect(card).toHaveTextContent('1,000 HC Point');
    // Named by its amount: the amount is not repeated under the name.
    expect(card.textContent?.match(/1,000 HC Point/g)).toHaveLength(1);
    expect(card).toHaveTextContent('+5%');
    expect(requestsTo(app, '/api/order/webCoinProduct')).toHaveLength(1);
  });
});
