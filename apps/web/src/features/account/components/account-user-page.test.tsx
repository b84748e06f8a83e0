// /main/account/user (docs/product/account.md#account-screen, docs/product/account.md#real-name-information, docs/product/errors.md#validation-messages, docs/product/api.md#account-calls, docs/product/errors.md#error-catalogue): real-name
// info none/present, saving it encrypted, the bound game and login account, the crmUrl link
// and its failure message, and logout with the product's confirm (docs/product/account.md).
import { ErrorCode, decryptPayload } from '@hc/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessError, envelope, testConfig, type RecordedRequest } from '../../../test/api-stub';
import { currentUrl, renderApp } from '../../../test/render-app';
import { bodyOf, maskedInfo } from './account-fixtures';

type Handlers = Record<string, (r: RecordedRequest) => Response | Promise<Response>>;
const T = { timeout: 5000 };

function openUser(handlers: Handlers = {}) {
  return renderApp('/main/account/user', {
    as: 'player',
    handlers: {
      '/api/user/real/info/query': () => envelope({ info: null }),
      '/api/setting/crmUrl': () => envelope({ crm_url: 'https://crm.example.com/p/5001' }),
      ...handlers,
    },
  });
}

const field = (label: string) => screen.getByLabelText(label, { exact: false });
type App = Awaited<ReturnType<typeof openUser>>;
/** Pasting keeps the form tests fast; validation runs on submit anyway. */
async function fill(app: App, label: string, value: string) {
  await app.user.click(field(label));
  await app.user.paste(value);
}

describe('account user page', () => {
  it('shows the login account, bound game, game account id and "no real-name information"', async () => {
    await openUser();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Account information' }, T),
    ).toBeVisible();
    expect(screen.getByTestId('account-login')).toHaveTextContent('player01');
    expect(screen.getByTestId('account-game')).toHaveTextContent('Dragon Saga');
    expect(screen.getByTestId('account-game-account')).toHaveTextContent('5001');
    expect(await screen.findByTestId('real-name-none', {}, T)).toHaveTextContent(
      'No real-name information yet.',
    );
    expect(screen.getByRole('button', { name: 'Add information' })).toBeVisible();
    const tabs = screen.getByRole('navigation', { name: 'Account centre' });
    expect(within(tabs).getByRole('link', { name: 'Account information' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(tabs).getByRole('link', { name: 'Top-up history' })).toHaveAttribute(
      'href',
      '/main/account/recharge',
    );
  });

  it('shows saved real-name information masked as the server sends it', async () => {
    await openUser({ '/api/user/real/info/query': () => envelope({ info: maskedInfo }) });
    const info = await screen.findByTestId('real-name-info', {}, T);
    expect(within(info).getByTestId('real-name-name')).toHaveTextContent('Lin Mei');
    expect(within(info).getByTestId('real-name-id_number')).toHaveTextContent('A123******89');
    expect(within(info).getByTestId('real-name-phone')).toHaveTextContent('+8529******78');
    expect(within(info).getByTestId('real-name-email')).toHaveTextContent('l***@example.com');
    expect(within(info).getByTestId('real-name-sign_region')).toHaveTextContent('Hong Kong');
    // Calendar days shown like every other date of the page, in the reader's language.
    expect(within(info).getByTestId('real-name-sign_date')).toHaveTextContent('Jan 2, 2026');
    expect(screen.queryByTestId('real-name-none')).toBeNull();
    expect(screen.getByRole('button', { name: 'Update information' })).toBeVisible();
  });

  it('checks the fields and sends nothing while one is invalid', async () => {
    const app = await openUser();
    await app.user.click(await screen.findByRole('button', { name: 'Add information' }, T));
    await fill(app, 'Full name', 'Lin Mei');
    await fill(app, 'Phone', '12345');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Please enter a phone number with country code, e.g. +14155550123.'),
    ).toBeVisible();
    expect(screen.getByText('Please enter a valid email address.')).toBeVisible();
    expect(app.api.requests.filter((r) => r.url === '/api/identity/save')).toHaveLength(0);
  });

  it('saves real-name information encrypted, then shows what the server answers', async () => {
    const app = await openUser({
      '/api/identity/save': () => envelope({ info: maskedInfo }),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Add information' }, T));
    await fill(app, 'Full name', 'Lin Mei');
    fireEvent.change(field('Date of birth'), { target: { value: '1995-04-12' } });
    fireEvent.blur(field('Date of birth'));
    expect(field('Date of birth')).toHaveValue('Apr 12, 1995');
    await fill(app, 'Phone', '+85291234578');
    await fill(app, 'Email', 'lin@example.com');
    await fill(app, 'Address', '1 Harbour Road, Hong Kong');
    await fill(app, 'ID number', 'A1234567(8)9');
    await fill(app, 'Signing region', 'Hong Kong');
    fireEvent.change(field('Signing date'), { target: { value: '2026-01-02' } });
    await app.user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByTestId('real-name-info', {}, T)).toBeVisible();
    expect(await screen.findByText('Real-name information saved.', {}, T)).toBeVisible();
    const saves = app.api.requests.filter((r) => r.url === '/api/identity/save');
    expect(saves).toHaveLength(1);
    const body = bodyOf(saves[0]!);
    expect(Object.keys(body)).toEqual(['data']);
    const raw = saves[0]!.init.body as string;
    expect(raw).not.toContain('Lin Mei');
    expect(raw).not.toContain('A1234567');
    const plain: unknown = JSON.parse(
      await decryptPayload(testConfig.payload_key, body.data as string),
    );
    expect(plain).toEqual({
      name: 'Lin Mei',
      birthday: '1995-04-12',
      address: '1 Harbour Road, Hong Kong',
      phone: '+85291234578',
      email: 'lin@example.com',
      id_number: 'A1234567(8)9',
      sign_region: 'Hong Kong',
      sign_date: '2026-01-02',
    });
  });

  it('shows the server refusal of a save, translated', async () => {
    const app = await openUser({
      '/api/user/real/info/query': () => envelope({ info: maskedInfo }),
      '/api/identity/save': () => businessError(ErrorCode.SystemBusy, 'busy'),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Update information' }, T));
    expect(field('Full name')).toHaveValue('Lin Mei');
    expect(field('ID number')).toHaveValue('');
    await fill(app, 'Phone', '+85291234578');
    await fill(app, 'Email', 'lin@example.com');
    await fill(app, 'ID number', 'A1234567');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    const form = screen.getByTestId('real-name-form');
    expect(await within(form).findByRole('alert', {}, T)).toBeVisible();
    expect(screen.getByTestId('real-name-form')).toBeVisible();
  });

  it('links customer support to the crmUrl answer', async () => {
    await openUser();
    const link = await screen.findByTestId('account-support', {}, T);
    await waitFor(() =>
      expect(link.closest('a') ?? link).toHaveAttribute('href', 'https://crm.example.com/p/5001'),
    );
  });

  it('says "failed to open customer service" when crmUrl fails (docs/product/errors.md#outcome-and-failure-messages)', async () => {
    await openUser({ '/api/setting/crmUrl': () => businessError(ErrorCode.SystemBusy, 'busy') });
    expect(await screen.findByTestId('account-support-error', {}, T)).toHaveTextContent(
      'Failed to open customer service.',
    );
  });

  it('asks "Do you want to log out of the current account?" before logging out', async () => {
    const app = await openUser();
    await app.user.click(await screen.findByTestId('account-logout', {}, T));
    const dialog = await screen.findByRole('dialog', {}, T);
    expect(
      within(dialog).getByText('Do you want to log out of the current account?'),
    ).toBeVisible();
    await app.user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(currentUrl(app.router)).toBe('/main/home'), T);
  });
});
