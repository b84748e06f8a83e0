// Sign-in: name and password, then the second-factor step when the server asks for it; the
// session's CSRF token goes with the calls that follow.
import { consoleApi } from '@hc/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ownerSession, refuse, renderConsole, signedOut } from '../../test/render';

const login = consoleApi.consoleSessionLogin.path;
const me = consoleApi.consoleSessionMe.path;

describe('sign-in page', () => {
  it('sends a signed-out visitor to sign-in, asks for the second factor, then signs in', async () => {
    let signedIn = false;
    const { user, api, router } = renderConsole('/operators', {
      [me]: () => (signedIn ? ownerSession : signedOut({}, new Headers())),
      [login]: (body) => {
        if (body.code === undefined) return refuse('ConsoleSecondFactorRequired');
        if (body.code !== '123456') return refuse('ConsoleSecondFactorInvalid');
        signedIn = true;
        return ownerSession;
      },
      [consoleApi.consoleOperatorsList.path]: () => ({ list: [] }),
    });

    expect(await screen.findByRole('heading', { name: 'Sign in to the console' })).toBeVisible();
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/operators')}`);
    await user.type(screen.getByLabelText(/Sign-in name/), 'operator');
    await user.type(screen.getByLabelText(/^Password/), 'operator1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const code = await screen.findByLabelText(/Authentication code/);
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    await user.type(code, '999999');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is wrong or was already used.',
    );

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));

    expect(await screen.findByRole('heading', { name: 'Operators', level: 1 })).toBeVisible();
    const attempts = api.calls.filter((c) => c.path === login).map((c) => c.body);
    expect(attempts).toEqual([
      { name: 'operator', password: 'operator1234' },
      { name: 'operator', password: 'operator1234', code: '999999' },
      { name: 'operator', password: 'operator1234', code: '123456' },
    ]);
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === consoleApi.consoleOperatorsList.path)).toBe(true),
    );
    const list = api.calls.find((c) => c.path === consoleApi.consoleOperatorsList.path);
    expect(list?.headers.get('x-csrf-token')).toBe(ownerSession.csrfToken);
    expect(list?.headers.get('content-type')).toBe('application/json');
  });

  it('accepts a recovery code in the code field', async () => {
    let signedIn = false;
    const { user, api } = renderConsole('/sign-in', {
      [me]: () => (signedIn ? ownerSession : signedOut({}, new Headers())),
      [login]: (body) => {
        if (body.code === undefined) return refuse('ConsoleSecondFactorRequired');
        signedIn = true;
        return ownerSession;
      },
    });
    await user.type(await screen.findByLabelText(/Sign-in name/), 'operator');
    await user.type(screen.getByLabelText(/^Password/), 'operator1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(await screen.findByLabelText(/Authentication code/), ' k4m9p-2xq7d ');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('heading', { name: /Welcome, Operator/ })).toBeVisible();
    expect(api.calls.filter((c) => c.path === login).at(-1)?.body.code).toBe('k4m9p-2xq7d');
  });

  it('shows a wrong password as a translated message and stays on the first step', async () => {
    const { user } = renderConsole('/sign-in', {
      [me]: signedOut,
      [login]: () => refuse('ConsoleSignInFailed'),
    });
    await user.type(await screen.findByLabelText(/Sign-in name/), 'operator');
    await user.type(screen.getByLabelText(/^Password/), 'nope-nope');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Wrong sign-in name or password, or this account cannot sign in.',
    );
    expect(screen.queryByLabelText(/Authentication code/)).toBeNull();
  });
});
