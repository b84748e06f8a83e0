// Runs the demo game backend (the portal's `npm start` starts it as a child process).
// Env: DEMO_GAME_PORT (8091), DEMO_GAME_HOST (127.0.0.1), DEMO_GAME_SECRET, DEMO_GAME_ID (1),
// switches DEMO_GAME_LATENCY_MS, DEMO_GAME_FAILURE_RATE, DEMO_GAME_APPLY_THEN_TIMEOUT,
// DEMO_GAME_HANG_MS, DEMO_GAME_ADMIN=false to turn off the /_demo/ admin API, and
// DEMO_GAME_PORTAL_URL, DEMO_GAME_PUBLISHER_KEY_ID, DEMO_GAME_PUBLISHER_SECRET for "open the
// portal" (/_demo/open-portal?uid=…) and link codes (/_demo/link-code).
import { createDemoGame, parseSwitches } from './app';

/** The development secret `npm start` shares with the portal; never use it for a real game. */
export const DEV_SECRET = 'hc-demo-game-secret-dev-only';

// The demo game is its own program: this entry point is its config module (the lint rule about
// process.env is for the portal's server, which reads env only in config.ts).
// eslint-disable-next-line no-restricted-properties
const env = process.env;

function num(name: string): number | undefined {
  const v = env[name];
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number`);
  return n;
}

async function main(): Promise<void> {
  const port = num('DEMO_GAME_PORT') ?? 8091;
  const gameId = num('DEMO_GAME_ID') ?? 1;
  const switches = parseSwitches({
    latencyMs: num('DEMO_GAME_LATENCY_MS'),
    failureRate: num('DEMO_GAME_FAILURE_RATE'),
    applyThenTimeout: num('DEMO_GAME_APPLY_THEN_TIMEOUT'),
    hangMs: num('DEMO_GAME_HANG_MS'),
  });
  const game = await createDemoGame({
    secret: env.DEMO_GAME_SECRET || DEV_SECRET,
    gameId,
    port,
    host: env.DEMO_GAME_HOST || '127.0.0.1',
    switches,
    admin: env.DEMO_GAME_ADMIN !== 'false',
    // "Open the portal" and link codes need the game's publisher key (docs/publisher-api.md).
    ...(env.DEMO_GAME_PUBLISHER_KEY_ID && env.DEMO_GAME_PUBLISHER_SECRET
      ? {
          portal: {
            url: env.DEMO_GAME_PORTAL_URL || 'http://127.0.0.1:8080',
            keyId: env.DEMO_GAME_PUBLISHER_KEY_ID,
            secret: env.DEMO_GAME_PUBLISHER_SECRET,
          },
        }
      : {}),
    log: (line) => process.stdout.write(`[demo-game] ${line}\n`),
  });
  process.stdout.write(`[demo-game] game ${gameId} listening on ${game.url}\n`);
  const stop = (): void => {
    void game.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  process.stderr.write(
    `demo game could not start: ${err instanceof Error ? err.message : String(err)}\n`,
  );
  process.exit(1);
});
