// Games & servers: the games table, a game's page with its missing translations, the gateway
// connection test and the maintenance switch with its message and bulletin option.
import { consoleApi, consoleExamples } from '@hc/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../../test/render';

const ex = consoleExamples;
const openServer = { ...ex.consoleServersList.result.list[0]!, state: 'open' as const };

describe('games & servers section', () => {
  it('lists games, opens one, tests its gateway and puts a server in maintenance', async () => {
    const { user, api } = renderConsole('/games', {
      [consoleApi.consoleGamesList.path]: () => ex.consoleGamesList.result,
      [consoleApi.consoleGamesGet.path]: () => ex.consoleGamesGet.result,
      [consoleApi.consoleGamesGatewayTest.path]: () => ex.consoleGamesGatewayTest.result,
      [consoleApi.consoleServersList.path]: () => ({
        ...ex.consoleServersList.result,
        list: [openServer],
      }),
      [consoleApi.consoleServersUpdate.path]: () => ex.consoleServersUpdate.result,
    });

    const row = await screen.findByTestId('game-row');
    expect(within(row).getByText('Dragon Realm')).toBeVisible();
    expect(within(row).getByText('7 missing')).toBeVisible();
    expect(within(row).getByText('Set in the console')).toBeVisible();

    await user.click(within(row).getByRole('button', { name: 'Open Dragon Realm' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dragon Realm' })).toBeVisible();
    expect(screen.getByLabelText('Name in Deutsch')).toHaveValue('');
    expect(within(screen.getByTestId('lang-de-DE')).getByText('Missing')).toBeVisible();
    expect(screen.getByLabelText('Name in 简体中文')).toHaveValue('龙之国度');

    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    const result = await screen.findByTestId('gateway-test-result');
    expect(result).toHaveTextContent('42 ms');
    expect(result).toHaveTextContent('3 servers reported');

    const server = await screen.findByTestId('server-row', {}, { timeout: 5000 });
    await user.click(within(server).getByRole('switch', { name: 'S1 Dawn open to players' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Message in English'), 'Back at 10:00');
    await user.click(within(dialog).getByLabelText('Also post the message as a bulletin'));
    await user.click(within(dialog).getByRole('button', { name: 'Start maintenance' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === consoleApi.consoleServersUpdate.path)?.body).toEqual({
        gameId: 1,
        serverId: 101,
        state: 'maintenance',
        maintenanceMessage: { 'en-US': 'Back at 10:00' },
        postBulletin: true,
      }),
    );
  });

  it('refuses a bulletin without the English message before calling the server', async () => {
    const { user, api } = renderConsole('/games?game=1', {
      [consoleApi.consoleGamesGet.path]: () => ex.consoleGamesGet.result,
      [consoleApi.consoleServersList.path]: () => ({
        ...ex.consoleServersList.result,
        list: [openServer],
      }),
    });
    const server = await screen.findByTestId('server-row', {}, { timeout: 5000 });
    await user.click(within(server).getByRole('switch'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByLabelText('Also post the message as a bulletin'));
    await user.click(within(dialog).getByRole('button', { name: 'Start maintenance' }));
    expect(await within(dialog).findByText('A bulletin needs the English message.')).toBeVisible();
    expect(api.calls.some((c) => c.path === consoleApi.consoleServersUpdate.path)).toBe(false);
  });
});
