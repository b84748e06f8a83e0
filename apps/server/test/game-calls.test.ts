// Game calls behind a burst of /api/user/webRole (ADR 0030): with the gateway client set up as
// main.ts sets it up, identical calls under way at once share one request and the answers are
// kept a few seconds, so 500 concurrent webRole calls cost the game one request per server, not
// three per call. Against the demo game on a free port; the caches' clock is held still.
import { api } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGameGateway,
  ROLES_CACHE_MS,
  SERVER_LIST_CACHE_MS,
} from '../src/adapters/game-gateway/client';
import { buildApp } from '../src/app';
import type { Database } from '../src/db/database';
import { runSeedSteps } from '../src/db/seed';
import { demoSeedSteps } from '../src/db/seeds/demo';
import { call } from './support/call';
import { login } from './support/auth-fixtures';
import { openTestDatabase, testDatabases } from './support/databases';
import { testConfig } from './support/helper';
import { startDemoGame, type TestDemoGame } from './support/demo-game';

describe.each(testDatabases())('game calls behind webRole on %s', (kind) => {
  let game: TestDemoGame;
  let database: Database;
  let app: FastifyInstance;
  const calls: string[] = [];
  const clock = { ms: 1_000_000 };

  beforeAll(async () => {
    game = await startDemoGame();
    database = await openTestDatabase(kind);
    await runSeedSteps(database, demoSeedSteps);
    const config = testConfig(game.env);
    // As main.ts builds it, with a counting fetch and a clock that only the test moves.
    const gateway = createGameGateway({
      gateways: config.gateways,
      timeoutMs: 5000,
      serverListCacheMs: SERVER_LIST_CACHE_MS,
      rolesCacheMs: ROLES_CACHE_MS,
      nowMs: () => clock.ms,
      fetch: (input, init) => {
        const url =
          typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        calls.push(url.split('/').pop() ?? '');
        return fetch(input, init);
      },
    });
    app = await buildApp(config, { database, gateway });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await game?.close();
  });

  it('500 concurrent webRole calls make one game call per server list and server', async () => {
    const l = await login(app, testConfig().payloadKey, 'account', 'demo', 'demo1234');
    const token = l.result.token;
    calls.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 500 }, () => call(app, api.userWebRole, {}, { token })),
    );
    expect(answers.every((a) => a.code === 0 && a.result.list.length === 3)).toBe(true);
    expect(answers[499]?.result.list.map((s) => s.roles.length)).toEqual([2, 0, 1]);
    // Three servers: one servers call and one roles call per server.
    expect(calls.filter((c) => c === 'servers')).toHaveLength(1);
    expect(calls.filter((c) => c === 'roles')).toHaveLength(3);
    expect(calls).toHaveLength(4);
  });

  it('asks again once the roles are older than ROLES_CACHE_MS', async () => {
    const l = await login(app, testConfig().payloadKey, 'account', 'demo', 'demo1234');
    calls.length = 0;
    game.state.addRole(1, 2, { role_id: 'r-1-9', role_name: 'Dova' });
    clock.ms += Math.max(ROLES_CACHE_MS, SERVER_LIST_CACHE_MS);
    const json = await call(app, api.userWebRole, {}, { token: l.result.token });
    expect(json.result.list[1]?.roles.map((r) => r.role_id)).toEqual(['r-1-9']);
    expect(calls).toHaveLength(4);
  });
});
