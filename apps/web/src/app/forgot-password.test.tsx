// Forgot password (docs/product/sign-in.md#login-screen, docs/product/sign-in.md#password-reset, docs/product/api.md#payload-encryption, docs/product/errors.md#outcome-and-failure-messages): mismatch and rule messages, the encrypted reset payload,
// and the success and failure messages.
import { ErrorCode, decryptPayload } from '@hc/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  businessError,
  envelope,
  type stubApi,
  testConfig,
  type RecordedRequest,
} from '../test/api-stub';
import { renderApp } from '../test/render-app';

const bodyOf = (r: RecordedRequest) =>
  JSON.parse(typeof r.init.body === 'string' ? r.init.body : '{}') as Record<string, unknown>;

async function openForgot(handlers: Parameters<typeof stubApi>[0] = {}) {
  const view = await renderApp('/login', {
    handlers: {
      '/api/user/email/code/send': () => envelope({ resend_after: 60, expires_in: 600 }),
      '/api/user/phone/code/send': () => envelope({ resend_after: 60, expires_in: 600 }),
      ...handlers,
    },
  });
  const forgot = await screen.findByRole('button', { name: 'Forgot password?' }, { timeout: 5000 });
  await view.user.click(forgot);
  await screen.findByRole('heading', { name: 'Reset your password' });
  return view;
}

async function fill(user: Awaited<ReturnType<typeof renderApp>>['user'], pw: string, pw2: string) {
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'p@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
  await user.type(screen.getByLabelText('New password'), pw);
  await user.type(screen.getByLabelText('Confirm new password'), pw2);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

const resetCalls = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.url.includes('/psw/reset'));

describe('forgot password', () => {
  it('says the two passwords do not match and sends nothing', async () => {
    const { user, api } = await openForgot();
    await fill(user, 'newpass12', 'newpass13');
    expect(
      await screen.findByText('The two passwords do not match, please re-enter.'),
    ).toBeInTheDocument();
    expect(resetCalls(api.requests)).toHaveLength(0);
  });

  it('applies the password rule and the complete-information check', async () => {
    const { user, api } = await openForgot();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter complete information.',
    );
    await fill(user, 'onlyletters', 'onlyletters');
    expect(await screen.findByText(/^Password format mismatch/)).toBeInTheDocument();
    expect(resetCalls(api.requests)).toHaveLength(0);
  });

  it('sends a reset code, then the encrypted payload, and says the password changed', async () => {
    const { user, api } = await openForgot({
      '/api/user/email/psw/reset': () => envelope({ success: true }),
    });
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'p@example.com');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await screen.findByRole('button', { name: /^Resend in/ });
    const send = api.requests.find((r) => r.url === '/api/user/email/code/send');
    expect(bodyOf(send!)).toEqual({ target: 'p@example.com', purpose: 'reset' });
    await user.clear(screen.getByRole('textbox', { name: 'Email' }));
    await fill(user, 'newpass12', 'newpass12');
    expect(
      await screen.findByText('Password changed successfully.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const [reset] = resetCalls(api.requests);
    expect(reset?.url).toBe('/api/user/email/psw/reset');
    const data = String(bodyOf(reset!).data);
    expect(JSON.parse(await decryptPayload(testConfig.payload_key, data))).toEqual({
      account: 'p@example.com',
      code: '123456',
      passwd: 'newpass12',
      passwd2: 'newpass12',
    });
    // Back on the login form.
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
  });

  it('uses the phone reset call and shows the failure messages', async () => {
    const { user, api } = await openForgot({
      '/api/user/phone/psw/reset': () => businessError(ErrorCode.InvalidMobileCode, 'bad code'),
    });
    await user.click(screen.getByRole('radio', { name: 'Phone' }));
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '+44 7700 900123');
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.type(screen.getByLabelText('New password'), 'newpass12');
    await user.type(screen.getByLabelText('Confirm new password'), 'newpass12');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('The phone verification code is incorrect.'),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Failed to change the password.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(resetCalls(api.requests)[0]?.url).toBe('/api/user/phone/psw/reset'));
  });
});
