// The game editor's player sign-in card (docs/console.md#games-and-servers): shows who checks
// passwords now and the GAME_GATEWAYS default, saves a choice (null for the default), and keeps
// `game` out of reach while the game has no gateway.
import { consoleApi, consoleExamples, type ConsoleGame } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../../test/render';

const ex = consoleExamples;
const base: ConsoleGame = {
  ...ex.consoleGamesGet.result,
  credentials: { effective: 'portal', console: null, environment: 'portal' },
};
const servers = () => ({ ...ex.consoleServersList.result, list: [] });

describe('player sign-in card', () => {
  it('switches a game to game-checked passwords, then back to the default', async () => {
    let game = base;
    const { user, api } = renderConsole('/games?game=1', {
      [consoleApi.consoleGamesGet.path]: () => game,
      [consoleApi.consoleServersList.path]: servers,
      [consoleApi.consoleGamesUpdate.path]: (body) => {
        const set = (body as { credentials: 'portal' | 'game' | null }).credentials;
        game = {
          ...game,
          credentials: { ...game.credentials, console: set, effective: set ?? 'portal' },
        };
        return game;
      },
    });
    const card = (await screen.findByRole('heading', { name: 'Player sign-in' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(card).getByTestId('credentials-effective')).toHaveTextContent('Now: the portal');
    expect(
      within(card).getByRole('radio', { name: 'The GAME_GATEWAYS setting (now the portal)' }),
    ).toBeChecked();
    const save = within(card).getByRole('button', { name: 'Save sign-in setting' });
    expect(save).toBeDisabled();

    await user.click(within(card).getByRole('radio', { name: 'The game, through its gateway' }));
    await user.click(save);
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === consoleApi.consoleGamesUpdate.path)?.body).toEqual({
        id: 1,
        credentials: 'game',
      }),
    );
    const again = (await screen.findByRole('heading', { name: 'Player sign-in' })).closest(
      'section',
    ) as HTMLElement;
    await waitFor(() =>
      expect(within(again).getByTestId('credentials-effective')).toHaveTextContent('Now: the game'),
    );

    await user.click(within(again).getByRole('radio', { name: /The GAME_GATEWAYS setting/ }));
    await user.click(within(again).getByRole('button', { name: 'Save sign-in setting' }));
    await waitFor(() =>
      expect(
        api.calls.filter((c) => c.path === consoleApi.consoleGamesUpdate.path).at(-1)?.body,
      ).toEqual({ id: 1, credentials: null }),
    );
  });

  it('keeps game-checked passwords out of reach without a gateway', async () => {
    renderConsole('/games?game=1', {
      [consoleApi.consoleGamesGet.path]: () => ({
        ...base,
        gateway: { ...base.gateway, source: 'none', url: null, keyFingerprint: null },
      }),
      [consoleApi.consoleServersList.path]: servers,
    });
    const card = (await screen.findByRole('heading', { name: 'Player sign-in' })).closest(
      'section',
    ) as HTMLElement;
    expect(
      within(card).getByRole('radio', { name: 'The game, through its gateway' }),
    ).toBeDisabled();
    expect(within(card).getByText(/This game has no gateway yet/)).toBeVisible();
  });
});
