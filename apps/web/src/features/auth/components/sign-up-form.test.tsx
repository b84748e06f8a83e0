// /signup (docs/product/sign-in.md#sign-up): the link from the login page only when the site has
// sign-up on, the form's checks (nothing sent while a field is wrong or the terms are not
// accepted), the sign-up code, the encrypted payload with the consent versions, a refusal shown
// by its code, and a success that signs the player in.
import { ErrorCode, decryptPayload } from '@hc/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  businessError,
  envelope,
  playerUinfo,
  testConfig,
  type RecordedRequest,
} from '../../../test/api-stub';
import { currentUrl, renderApp } from '../../../test/render-app';

const T = { timeout: 5000 };
const on = {
  ...testConfig,
  sign_up: { enabled: true, terms_version: 't-7', privacy_version: 'p-3' },
};
const session = { token: 'tok_new', customer_service: '', accid: 2002, account: 'newbie01' };
const bodyOf = (r: RecordedRequest) => JSON.parse(r.init.body as string) as Record<string, unknown>;

type Handlers = Record<string, (r: RecordedRequest) => Response | Promise<Response>>;
function openSignUp(handlers: Handlers = {}, config = on) {
  return renderApp('/signup', {
    handlers: { '/api/setting/init': () => envelope(config), ...handlers },
  });
}
type App = Awaited<ReturnType<typeof openSignUp>>;

async function fillAll(app: App, overrides: Partial<Record<string, string>> = {}) {
  const v = {
    email: 'newbie@example.com',
    code: '123456',
    name: 'newbie01',
    password: 'Tr1cky-Lantern',
    confirm: 'Tr1cky-Lantern',
    birthday: '2001-04-30',
    ...overrides,
  };
  const put = async (input: HTMLElement, value: string) => {
    await app.user.click(input);
    if (value) await app.user.paste(value);
  };
  const text = (name: string) => screen.getByRole('textbox', { name });
  const secret = (label: string) => screen.getByLabelText(label, { selector: 'input' });
  await put(text('Email'), v.email);
  await put(text('Verification code'), v.code);
  await put(text('Login name'), v.name);
  await put(secret('Password'), v.password);
  await put(secret('Confirm password'), v.confirm);
  const birthday = screen.getByLabelText('Date of birth', { selector: 'input' });
  fireEvent.change(birthday, { target: { value: v.birthday } });
  fireEvent.blur(birthday);
}

describe('sign-up', () => {
  it('is linked from the login page only when the site has it on', async () => {
    await renderApp('/login', { handlers: { '/api/setting/init': () => envelope(on) } });
    const link = await screen.findByRole('link', { name: 'Sign up' }, T);
    expect(link).toHaveAttribute('href', '/signup');
  });

  it('shows a note instead of the form when sign-up is off', async () => {
    await openSignUp({}, testConfig);
    expect(await screen.findByTestId('sign-up-off', {}, T)).toHaveTextContent(
      'Sign-up is not available on this site.',
    );
    expect(screen.queryByTestId('sign-up-form')).toBeNull();
  });

  it('checks the fields and the consent, and sends nothing while one is wrong', async () => {
    const app = await openSignUp();
    await screen.findByTestId('sign-up-form', {}, T);
    await fillAll(app, { name: '1bad', confirm: 'Other-pass1' });
    await app.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText('Use 4 to 32 letters, digits, _ . or -, starting with a letter.'),
    ).toBeVisible();
    expect(screen.getByText('The two passwords do not match, please re-enter.')).toBeVisible();
    expect(
      screen.getByText('Please accept the Terms of Service and the Privacy Policy.'),
    ).toBeVisible();
    expect(app.api.requests.some((r) => r.url === '/api/user/signUp')).toBe(false);
  });

  it('sends a sign-up code, then the encrypted payload, and signs the player in', async () => {
    let signedUp = false;
    const app = await openSignUp({
      '/api/user/email/code/send': () => envelope({ resend_after: 60, expires_in: 600 }),
      '/api/user/signUp': () => {
        signedUp = true;
        return envelope(session);
      },
      '/api/user/uinfo': () =>
        envelope(
          signedUp
            ? { ...playerUinfo, accid: 2002, account: 'newbie01' }
            : {
                ...playerUinfo,
                login: false,
                accid: null,
                account: null,
                gameAccountId: null,
                gameId: null,
                userId: null,
              },
        ),
    });
    await screen.findByTestId('sign-up-form', {}, T);
    await fillAll(app);
    await app.user.click(screen.getByRole('button', { name: 'Get code' }));
    await waitFor(() =>
      expect(app.api.requests.some((r) => r.url === '/api/user/email/code/send')).toBe(true),
    );
    const send = app.api.requests.find((r) => r.url === '/api/user/email/code/send');
    expect(bodyOf(send!)).toEqual({ target: 'newbie@example.com', purpose: 'signup' });
    await app.user.click(screen.getByRole('checkbox'));
    await app.user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(currentUrl(app.router)).toBe('/main/home'), T);
    const sent = app.api.requests.find((r) => r.url === '/api/user/signUp');
    const payload = JSON.parse(
      await decryptPayload(testConfig.payload_key, String(bodyOf(sent!).data)),
    ) as Record<string, unknown>;
    expect(payload).toEqual({
      channel: 'email',
      target: 'newbie@example.com',
      code: '123456',
      account: 'newbie01',
      passwd: 'Tr1cky-Lantern',
      passwd2: 'Tr1cky-Lantern',
      birthday: '2001-04-30',
      terms_version: 't-7',
      privacy_version: 'p-3',
    });
  });

  it('shows a refusal by its code', async () => {
    const app = await openSignUp({
      '/api/user/signUp': () => businessError(ErrorCode.LoginNameInUse, 'taken'),
    });
    await screen.findByTestId('sign-up-form', {}, T);
    await fillAll(app);
    await app.user.click(screen.getByRole('checkbox'));
    await app.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This login name is already taken.', {}, T)).toBeVisible();
  });
});
