// Self-service on the account page (docs/product/account.md#self-service): the profile's email,
// phone and social sign-ins, changing the email with a code sent to the new address, a refusal
// shown by its code, the signed-in devices (ending another one), and the deletion form.
import { ErrorCode, type ProfileResult } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { businessError, envelope, type RecordedRequest } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';

const T = { timeout: 5000 };
const profile: ProfileResult = {
  account: 'player01',
  email: 'player@example.com',
  phone: null,
  has_password: true,
  social: [{ provider: 'google', name: 'Aria', linked_ts: 1_767_225_600 }],
  providers: ['google', 'apple'],
};
const devices = {
  list: [
    {
      id: 2,
      browser: 'Chrome',
      os: 'Windows',
      ip: '203.0.113.*',
      created_ts: 1_767_225_600,
      last_seen_ts: 1_767_229_200,
      current: true,
    },
    {
      id: 1,
      browser: 'Safari',
      os: 'iOS',
      ip: '198.51.100.*',
      created_ts: 1_767_139_200,
      last_seen_ts: 1_767_142_800,
      current: false,
    },
  ],
};

type Handlers = Record<string, (r: RecordedRequest) => Response | Promise<Response>>;
function openUser(handlers: Handlers = {}) {
  return renderApp('/main/account/user', {
    as: 'player',
    handlers: {
      '/api/user/real/info/query': () => envelope({ info: null }),
      '/api/setting/crmUrl': () => envelope({ crm_url: 'https://crm.example.com/p/5001' }),
      '/api/character/game/info': () => envelope({ list: [] }),
      '/api/user/profile': () => envelope(profile),
      '/api/user/session/list': () => envelope(devices),
      ...handlers,
    },
  });
}

const bodyOf = (r: RecordedRequest | undefined) => JSON.parse(r?.init.body as string) as unknown;

describe('account self-service', () => {
  it('shows the email, phone, password and social sign-ins', async () => {
    await openUser();
    const section = await screen.findByTestId('sign-in-section', {}, T);
    expect(await within(section).findByText('player@example.com', {}, T)).toBeVisible();
    expect(within(section).getByText('Not set')).toBeVisible();
    expect(within(section).getByText('A password is set.')).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Unlink Google' })).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Link Apple' })).toBeVisible();
  });

  it('changes the email with the code sent to the new address', async () => {
    const app = await openUser({
      '/api/user/contact/code/send': () => envelope({ resend_after: 60, expires_in: 600 }),
      '/api/user/contact/change': () => envelope({ ...profile, email: 'new@example.com' }),
    });
    const row = await screen.findByTestId('contact-email', {}, T);
    await app.user.click(within(row).getByRole('button', { name: 'Change' }));
    await app.user.type(within(row).getByLabelText('New email address'), 'new@example.com');
    await app.user.click(within(row).getByRole('button', { name: 'Send code' }));
    expect(
      await within(row).findByText('We sent a 6-digit code to new@example.com.', {}, T),
    ).toBeVisible();
    await app.user.type(within(row).getByLabelText('Verification code'), '123456');
    await app.user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await within(row).findByText('new@example.com', {}, T)).toBeVisible();
    const sent = app.api.requests.find((r) => r.url === '/api/user/contact/change');
    expect(bodyOf(sent)).toEqual({ channel: 'email', target: 'new@example.com', code: '123456' });
  });

  it('shows why an unlink is refused', async () => {
    const app = await openUser({
      '/api/user/social/unlink': () =>
        businessError(ErrorCode.LastSignInMethod, 'This is the last way to sign in'),
    });
    const section = await screen.findByTestId('sign-in-section', {}, T);
    await app.user.click(await within(section).findByRole('button', { name: 'Unlink Google' }, T));
    expect(await within(section).findByRole('alert', {}, T)).toHaveTextContent(
      'This is the last way to sign in to your account.',
    );
  });

  it('lists signed-in devices and signs another one out', async () => {
    let list = devices.list;
    const app = await openUser({
      '/api/user/session/list': () => envelope({ list }),
      '/api/user/session/end': () => {
        list = list.filter((d) => d.id !== 1);
        return envelope({ success: true, current: false });
      },
    });
    const section = await screen.findByTestId('devices-section', {}, T);
    expect(await within(section).findByText('This device', {}, T)).toBeVisible();
    expect(within(section).getByText('Safari · iOS')).toBeVisible();
    await app.user.click(within(section).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(within(section).queryByText('Safari · iOS')).toBeNull(), T);
    const sent = app.api.requests.find((r) => r.url === '/api/user/session/end');
    expect(bodyOf(sent)).toEqual({ id: 1 });
  });

  it('asks for the login name and password before a deletion', async () => {
    const app = await openUser({
      '/api/user/deletion/request': () => envelope({ erase_ts: 1_768_435_200 }),
    });
    const section = await screen.findByTestId('delete-account', {}, T);
    await app.user.click(within(section).getByRole('button', { name: 'Delete my account' }));
    const submit = within(section).getByRole('button', { name: 'Delete account' });
    expect(submit).toBeDisabled();
    await app.user.type(
      within(section).getByLabelText('Type your login name (player01) to confirm'),
      'player01',
    );
    await app.user.type(within(section).getByLabelText('Current password'), 'Str0ng!pass');
    await app.user.click(submit);
    expect(await screen.findByText(/Your account will be deleted on/, {}, T)).toBeVisible();
    expect(app.api.requests.some((r) => r.url === '/api/user/deletion/request')).toBe(true);
  });
});
