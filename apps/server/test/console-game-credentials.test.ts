// A game's credentials mode set in the console's game editor (ADR 0050, docs/console.md#games-and-servers):
// switching game 1 to `game` makes the account + password sign-in ask the demo game's
// verifyCredentials on this node and on a second one (invalidation bus); clearing it returns to
// the GAME_GATEWAYS value. Audited with before/after; bad input and a game without a gateway
// change nothing; other roles are refused.
import { api, consoleApi, encryptPayload, ErrorCode } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { createAuditRepository } from '../src/modules/audit/audit.repository';
import { call } from './support/call';
import { consoleCall, signInOperator, type ConsoleClient } from './support/console';
import { testDatabases } from './support/databases';
import { startDemoGame, type TestDemoGame } from './support/demo-game';
import { createTestApp, type TestApp } from './support/helper';

describe.each(testDatabases())('console game credentials on %s', (kind) => {
  let t: TestApp;
  let game: TestDemoGame;
  let ops: ConsoleClient;
  let other: FastifyInstance;

  beforeAll(async () => {
    game = await startDemoGame();
    // GAME_GATEWAYS without `credentials`: the portal checks passwords until the console says.
    t = await createTestApp(kind, {
      env: { GAME_GATEWAYS: JSON.stringify({ '1': { url: game.url, secret: game.secret } }) },
    });
    ops = await signInOperator(t, ['operations']);
    other = await buildApp(t.config, { database: t.database, clock: t.clock });
    await other.ready();
  });

  afterAll(async () => {
    await other.close();
    await t.app.close();
    await t.database.close();
    await game.close();
  });

  async function signIn(app: FastifyInstance, account: string, password: string) {
    return call(
      app,
      api.userLogin,
      {
        channel_code: 'account',
        account,
        passwd: await encryptPayload(t.config.payloadKey, password),
        encrypt: 1,
      },
      { gameId: 1, ip: '10.7.1.1' },
    );
  }
  const getGame = () => consoleCall(t.app, consoleApi.consoleGamesGet, { id: 1 }, ops);

  it('starts from the GAME_GATEWAYS value: the portal checks passwords', async () => {
    const g = await getGame();
    expect(g.result?.credentials).toEqual({
      effective: 'portal',
      console: null,
      environment: 'portal',
    });
    expect(g.result?.gateway.credentials).toBe('portal');
    expect((await signIn(t.app, 'knight', 'Knight!pass1')).code).toBe(ErrorCode.LoginNameNotFound);
  });

  it('switching to game makes the sign-in ask the gateway, on every node, audited', async () => {
    // The second node has read (and kept) the portal mode before the switch.
    expect((await signIn(other, 'knight', 'Knight!pass1')).code).toBe(ErrorCode.LoginNameNotFound);
    const r = await consoleCall(
      t.app,
      consoleApi.consoleGamesUpdate,
      { id: 1, credentials: 'game' },
      ops,
    );
    expect(r.code).toBe(0);
    expect(r.result?.credentials).toEqual({
      effective: 'game',
      console: 'game',
      environment: 'portal',
    });
    expect(r.result?.gateway.credentials).toBe('game');

    const here = await signIn(t.app, 'knight', 'Knight!pass1');
    expect(here.code).toBe(0);
    expect(here.result?.account).toBe('knight');
    expect((await signIn(t.app, 'knight', 'wrong-password')).code).toBe(ErrorCode.InvalidPassword);
    await vi.waitFor(async () => {
      const there = await signIn(other, 'ranger', 'Ranger!pass2');
      expect(there.code).toBe(0);
    });

    const rows = await createAuditRepository(t.database.db).list({ target: 'game:1' });
    expect(rows[0]).toMatchObject({
      action: 'game.update',
      actor: ops.name,
      before: { credentials: null },
      after: { credentials: 'game' },
    });
  });

  it('refuses bad input and a game without a gateway, changing nothing', async () => {
    const bad = await consoleCall(
      t.app,
      consoleApi.consoleGamesUpdate,
      // @ts-expect-error: not a credentials mode
      { id: 1, credentials: 'both' },
      ops,
    );
    expect(bad.code).toBe(ErrorCode.InvalidParams);

    const created = await consoleCall(
      t.app,
      consoleApi.consoleGamesCreate,
      { id: 88, names: { 'en-US': 'No Gateway' }, icons: {}, platforms: [], sort: 0 },
      ops,
    );
    expect(created.result?.credentials.effective).toBe('portal');
    const auditBefore = await createAuditRepository(t.database.db).list({ target: 'game:88' });
    const refused = await consoleCall(
      t.app,
      consoleApi.consoleGamesUpdate,
      { id: 88, credentials: 'game', sort: 9 },
      ops,
    );
    expect(refused.code).toBe(ErrorCode.GameCredentialsNeedGateway);
    const after = await consoleCall(t.app, consoleApi.consoleGamesGet, { id: 88 }, ops);
    expect(after.result?.credentials.console).toBeNull();
    expect(after.result?.sort).toBe(0);
    expect(await createAuditRepository(t.database.db).list({ target: 'game:88' })).toEqual(
      auditBefore,
    );
    const unknown = await consoleCall(
      t.app,
      consoleApi.consoleGamesUpdate,
      { id: 4321, credentials: 'game' },
      ops,
    );
    expect(unknown.code).toBe(ErrorCode.ConsoleGameNotFound);
    expect((await getGame()).result?.credentials.console).toBe('game');
  });

  it('refuses operators without the operations role', async () => {
    const support = await signInOperator(t, ['support']);
    const r = await consoleCall(
      t.app,
      consoleApi.consoleGamesUpdate,
      { id: 1, credentials: 'portal' },
      support,
    );
    expect(r.code).toBe(ErrorCode.ConsoleForbidden);
    expect((await getGame()).result?.credentials.console).toBe('game');
  });

  it('clearing the setting returns to the GAME_GATEWAYS value on every node', async () => {
    const r = await consoleCall(
      t.app,
      consoleApi.consoleGamesUpdate,
      { id: 1, credentials: null },
      ops,
    );
    expect(r.result?.credentials).toEqual({
      effective: 'portal',
      console: null,
      environment: 'portal',
    });
    expect((await signIn(t.app, 'mage', 'Mage!pass3')).code).toBe(ErrorCode.LoginNameNotFound);
    await vi.waitFor(async () =>
      expect((await signIn(other, 'mage', 'Mage!pass3')).code).toBe(ErrorCode.LoginNameNotFound),
    );
  });
});
