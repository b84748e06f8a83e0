// Games & servers: the console calls and their query keys (docs/console.md#games-and-servers).
import { consoleApi, type CallBody } from '@hc/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callConsole } from '../../lib/api';

export const GAMES_KEY = ['console', 'games'] as const;
export const GAMES_PAGE_SIZE = 20;
export const SERVERS_PAGE_SIZE = 50;

export const gamesQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: [...GAMES_KEY, 'list', q, page] as const,
    queryFn: ({ signal }) =>
      callConsole(
        consoleApi.consoleGamesList,
        { ...(q === '' ? {} : { q }), page, size: GAMES_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const gameQuery = (id: number) =>
  queryOptions({
    queryKey: [...GAMES_KEY, 'game', id] as const,
    queryFn: ({ signal }) => callConsole(consoleApi.consoleGamesGet, { id }, { signal }),
  });

export const serversQuery = (gameId: number, page: number) =>
  queryOptions({
    queryKey: [...GAMES_KEY, 'servers', gameId, page] as const,
    queryFn: ({ signal }) =>
      callConsole(
        consoleApi.consoleServersList,
        { gameId, page, size: SERVERS_PAGE_SIZE },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

export const createGame = (body: CallBody<typeof consoleApi.consoleGamesCreate>) =>
  callConsole(consoleApi.consoleGamesCreate, body);
export const updateGame = (body: CallBody<typeof consoleApi.consoleGamesUpdate>) =>
  callConsole(consoleApi.consoleGamesUpdate, body);
export const setGateway = (body: CallBody<typeof consoleApi.consoleGamesGatewaySet>) =>
  callConsole(consoleApi.consoleGamesGatewaySet, body);
export const rotateGateway = (body: CallBody<typeof consoleApi.consoleGamesGatewayRotate>) =>
  callConsole(consoleApi.consoleGamesGatewayRotate, body);
export const testGateway = (gameId: number) =>
  callConsole(consoleApi.consoleGamesGatewayTest, { gameId });
export const syncServers = (gameId: number) =>
  callConsole(consoleApi.consoleServersSync, { gameId });
export const updateServer = (body: CallBody<typeof consoleApi.consoleServersUpdate>) =>
  callConsole(consoleApi.consoleServersUpdate, body);
