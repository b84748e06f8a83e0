// The /login page (docs/product/sign-in.md#login-screen, docs/product/api.md#payload-encryption, docs/product/errors.md#error-catalogue): every method sends an encrypted secret with
// encrypt 1, stores the session and returns to the safe redirect; errors and validation translated.
import { ErrorCode, STORAGE_KEYS, decryptPayload } from '@hc/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  anonymousUinfo,
  businessError,
  envelope,
  playerUinfo,
  testConfig,
  type RecordedRequest,
} from '../test/api-stub';
import { currentUrl, renderApp } from '../test/render-app';

const loginResult = {
  token: 'tok_new',
  customer_service: playerUinfo.customer_service ?? '',
  accid: 1001,
  account: 'player01',
};

type Body = Record<string, unknown>;
const bodyOf = (r: RecordedRequest): Body =>
  JSON.parse(typeof r.init.body === 'string' ? r.init.body : '{}') as Body;

/** /login with a server that signs in and then knows the player by the token header. */
function openLogin(path = '/login?redirect=%2Fmain%2Fevent%3Ftab%3Dall%23top') {
  return renderApp(path, {
    handlers: {
      '/api/user/login': () => envelope(loginResult),
      '/api/user/uinfo': (r) =>
        envelope(r.headers.token === 'tok_new' ? playerUinfo : anonymousUinfo),
      '/api/user/email/code/send': () => envelope({ resend_after: 60, expires_in: 600 }),
      '/api/user/phone/code/send': () => envelope({ resend_after: 60, expires_in: 600 }),
    },
  });
}

type AppRouter = Awaited<ReturnType<typeof renderApp>>['router'];

async function expectSignedIn(body: Body, secret: string, router: AppRouter) {
  expect(body.encrypt).toBe(1);
  expect(body.passwd).not.toBe(secret);
  expect(await decryptPayload(testConfig.payload_key, String(body.passwd))).toBe(secret);
  await waitFor(() => expect(currentUrl(router)).toBe('/main/event?tab=all'));
  expect(router.state.location.hash).toBe('#top');
  expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('tok_new');
  expect(window.localStorage.getItem(STORAGE_KEYS.customerService)).toBe(
    loginResult.customer_service,
  );
  expect(await screen.findByText('Login successful.', {}, { timeout: 5000 })).toBeInTheDocument();
}

/** The page chunk loads lazily: the first render may take a while on a busy machine. */
const accountBox = () => screen.findByRole('textbox', { name: 'Account' }, { timeout: 5000 });
const loaded = () => accountBox();

const loginRequest = (requests: RecordedRequest[]) =>
  requests.find((r) => r.url === '/api/user/login');

describe('login page', () => {
  it('signs in with account + password (encrypted) and returns to the redirect', async () => {
    const { user, api, router } = await openLogin();
    await user.type(await accountBox(), 'player01');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(loginRequest(api.requests)).toBeDefined());
    const body = bodyOf(loginRequest(api.requests)!);
    expect(body).toMatchObject({ channel_code: 'account', account: 'player01', remember: false });
    await expectSignedIn(body, 'secret12', router);
  });

  it('signs in with email + code, sending a login code first, and remembers the choice', async () => {
    const { user, api, router } = await openLogin();
    await loaded();
    await user.click(screen.getByRole('tab', { name: 'Email' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'p@example.com');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(
      await screen.findByText('The verification code has been sent.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    const send = api.requests.find((r) => r.url === '/api/user/email/code/send');
    expect(bodyOf(send!)).toEqual({ target: 'p@example.com', purpose: 'login' });
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(screen.getByRole('checkbox', { name: /Remember me/ }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(loginRequest(api.requests)).toBeDefined());
    const body = bodyOf(loginRequest(api.requests)!);
    expect(body).toMatchObject({ channel_code: 'email', account: 'p@example.com', remember: true });
    expect(window.localStorage.getItem(STORAGE_KEYS.rememberLogin)).toBe('1');
    await expectSignedIn(body, '123456', router);
  });

  it('signs in with phone + code, sending the number in E.164 form', async () => {
    const { user, api, router } = await openLogin();
    await loaded();
    await user.click(screen.getByRole('tab', { name: 'Phone' }));
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '+81 90-1234-5678');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await waitFor(() =>
      expect(api.requests.some((r) => r.url === '/api/user/phone/code/send')).toBe(true),
    );
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '654321');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(loginRequest(api.requests)).toBeDefined());
    const body = bodyOf(loginRequest(api.requests)!);
    expect(body).toMatchObject({ channel_code: 'phone', account: '+819012345678' });
    await expectSignedIn(body, '654321', router);
  });

  it.each([
    [ErrorCode.InvalidPassword, 'Incorrect password.'],
    [ErrorCode.LoginNameNotFound, 'The login name does not exist.'],
    [ErrorCode.AuthFail, 'User authentication failed.'],
    [ErrorCode.SystemBusy, 'The system is busy. Please try again later.'],
    // A code without a text of its own: the generic "login failed".
    [99_999, 'Login failed.'],
  ])('shows the translated error for code %s and stays signed out', async (code, text) => {
    const { user, router } = await renderApp('/login', {
      handlers: { '/api/user/login': () => businessError(code, 'server text') },
    });
    await user.type(await accountBox(), 'player01');
    await user.type(screen.getByLabelText('Password'), 'secret12');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByText('server text')).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(currentUrl(router)).toBe('/login');
  });

  it('shows the docs/product/errors.md#validation-messages validation messages inline and sends nothing', async () => {
    const { user, api } = await openLogin('/login');
    await loaded();
    const submit = screen.getByRole('button', { name: 'Log in' });
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter complete information.',
    );
    await user.type(screen.getByRole('textbox', { name: 'Account' }), 'player01');
    await user.type(screen.getByLabelText('Password'), 'abcdefgh');
    await user.click(submit);
    expect(await screen.findByText(/^Password format mismatch/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Email' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('Please enter your valid email.')).toBeInTheDocument();
    expect(api.requests.some((r) => r.url.startsWith('/api/user/login'))).toBe(false);
    expect(api.requests.some((r) => r.url.includes('/code/send'))).toBe(false);
  });

  it('shows the social buttons of configured providers only, with the safe redirect', async () => {
    await renderApp('/login?redirect=%2F%2Fevil.example', {
      handlers: {
        '/api/setting/init': () => envelope({ ...testConfig, social: ['apple', 'google'] }),
      },
    });
    await loaded();
    const google = screen.getByRole('link', { name: 'Continue with Google' });
    expect(google).toHaveAttribute('href', '/api/oauth/google/start?redirect=%2Fmain%2Fhome');
    expect(screen.getByRole('link', { name: 'Continue with Apple' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Facebook|WeChat/ })).toBeNull();
  });

  it('shows no social buttons when none is configured', async () => {
    await renderApp('/login');
    await loaded();
    expect(screen.queryByRole('link', { name: /^Continue with/ })).toBeNull();
  });

  it.each([
    ['state', 'The sign-in request has expired or is not valid. Please try again.'],
    ['not_found', 'No account is linked to this sign-in. Please log in another way.'],
    ['weird', 'Signing in with this provider failed. Please try again.'],
  ])('shows the translated OAuth failure for oauth_error=%s', async (reason, text) => {
    await renderApp(`/login?oauth_error=${reason}`);
    await loaded();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});
