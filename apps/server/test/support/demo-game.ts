// Test helper: the demo game backend (apps/demo-game) in-process on a free port, with the
// GAME_GATEWAYS env that points the portal's demo game (id 1) at it. Shared by every test that
// needs servers, roles or deliveries (docs/game-gateway.md, ARCHITECTURE.md#tests).
import { createDemoGame, type DemoGameOptions } from '../../../demo-game/src/app';
import type { DemoGameState, Switches } from '../../../demo-game/src/state';

export const TEST_GATEWAY_SECRET = 'test-demo-game-secret-0123456789';

export interface TestDemoGame {
  url: string;
  secret: string;
  gameId: number;
  /** Pass to useTestApp(kind, { env }) so the portal talks to this game. */
  env: { GAME_GATEWAYS: string };
  /** The game's world: servers, roles, inventories, grants, switches (read and change freely). */
  state: DemoGameState;
  setSwitches(switches: Partial<Switches>): void;
  close(): Promise<void>;
}

export async function startDemoGame(
  options: Partial<Omit<DemoGameOptions, 'port' | 'host'>> = {},
): Promise<TestDemoGame> {
  const secret = options.secret ?? TEST_GATEWAY_SECRET;
  const gameId = options.gameId ?? 1;
  const game = await createDemoGame({ ...options, secret, gameId, host: '127.0.0.1', port: 0 });
  return {
    url: game.url,
    secret,
    gameId,
    env: { GAME_GATEWAYS: JSON.stringify({ [String(gameId)]: { url: game.url, secret } }) },
    state: game.state,
    setSwitches: (switches) => {
      game.state.switches = { ...game.state.switches, ...switches };
    },
    close: () => game.close(),
  };
}
