// Enrolment: forced by mustEnrol; QR and secret, a first code, then the recovery codes once and
// the "I saved them" step before the console opens.
import { consoleApi, consoleExamples } from '@hc/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { refuse, renderConsole, sessionWith } from '../../test/render';

describe('two-factor enrolment', () => {
  it('is forced when the session says mustEnrol, and ends on the recovery codes', async () => {
    let enrolled = false;
    const start = consoleExamples.consoleTwoFactorStart.result;
    const { user, api, router } = renderConsole('/audit', {
      [consoleApi.consoleSessionMe.path]: () =>
        enrolled
          ? sessionWith({ twoFactorEnabled: true, mustEnrol: false })
          : sessionWith({ twoFactorEnabled: false, mustEnrol: true }),
      [consoleApi.consoleTwoFactorStart.path]: () => start,
      [consoleApi.consoleTwoFactorConfirm.path]: (body) => {
        if (body.code !== '492039') return refuse('ConsoleSecondFactorInvalid');
        enrolled = true;
        return { recoveryCodes: ['k4m9p-2xq7d', 'w8c3n-t6r1v'] };
      },
    });

    expect(
      await screen.findByRole('heading', { name: 'Set up two-factor authentication' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/two-factor');
    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr).toHaveAttribute('src', start.qrSvgDataUrl);
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent(start.secret);

    const code = screen.getByLabelText(/Code from the app/);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is wrong');
    await user.clear(code);
    await user.type(code, '492039');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    const codes = screen.getByRole('list', { name: 'Recovery codes' });
    expect(codes).toHaveTextContent('k4m9p-2xq7d');
    expect(codes).toHaveTextContent('w8c3n-t6r1v');
    expect(screen.getByRole('button', { name: 'Copy all codes' })).toBeEnabled();
    const proceed = screen.getByRole('button', { name: 'Continue to the console' });
    expect(proceed).toBeDisabled();
    await user.click(screen.getByLabelText('I have saved these recovery codes'));
    await user.click(proceed);

    expect(await screen.findByRole('heading', { name: /Welcome, Operator/ })).toBeVisible();
    expect(api.calls.filter((c) => c.path === consoleApi.consoleTwoFactorStart.path)).toHaveLength(
      1,
    );
  });
});
