// /api/user/webRole and the server/role check behind orders, through the game gateway to the
// demo game on a free port (docs/product/top-up.md#servers-and-roles, docs/product/top-up.md#before-paying "the server has no role information",
// docs/product/api.md#top-up-calls; docs/game-gateway.md).
import { api, ErrorCode } from '@hc/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGameGateway } from '../src/adapters/game-gateway/client';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import { findServerAndRole } from '../src/modules/games/games.service';
import { call } from './support/call';
import { login, makeAccount } from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { useTestApp } from './support/helper';
import { startDemoGame, type TestDemoGame } from './support/demo-game';

describe.each(testDatabases())('/api/user/webRole on %s', (kind) => {
  let game: TestDemoGame;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    game = await startDemoGame();
    Object.assign(env, game.env, { GATEWAY_TIMEOUT_MS: '2500' });
  });
  afterAll(async () => {
    await game.close();
  });
  const t = useTestApp(kind, { env });
  beforeEach(() => {
    game.state.reset({});
  });

  async function demoToken(): Promise<string> {
    const { app, config } = t.current;
    const json = await login(app, config.payloadKey, 'account', 'demo', 'demo1234');
    expect(json.code).toBe(0);
    return json.result.token;
  }

  const webRole = (token?: string) => call(t.current.app, api.userWebRole, {}, { token });

  it('lists every server with the demo account’s roles; Tide has none', async () => {
    const json = await webRole(await demoToken());
    expect(json.status).toBe(200);
    expect(json.code).toBe(0);
    expect(json.result.list).toEqual([
      {
        server_id: 1,
        server_name: 'Dawn',
        state: 0,
        roles: [
          { role_id: 'r-1-1', role_name: 'Aria', level: 42 },
          { role_id: 'r-1-2', role_name: 'Bran', level: 17 },
        ],
      },
      // docs/product/top-up.md#before-paying: the web shows "the server has no role information" for this one.
      { server_id: 2, server_name: 'Tide', state: 0, roles: [] },
      {
        server_id: 3,
        server_name: 'Ember',
        state: 1,
        roles: [{ role_id: 'r-1-3', role_name: 'Cael', level: 30 }],
      },
    ]);
  });

  it('reads the roles of the caller’s own game account (uid), not the demo one', async () => {
    const { app, config, database } = t.current;
    const a = await makeAccount(database.db);
    const uid = await createAccountsRepository(database.db).bindGameAccount(a.id, 1);
    const l = await login(app, config.payloadKey, 'account', a.account, a.password);
    const json = await webRole(l.result.token);
    expect(json.result.list.map((s) => s.roles)).toEqual([
      [{ role_id: `r-${uid}-1`, role_name: `Hero${uid}`, level: 1 }],
      [],
      [],
    ]);
  });

  it('follows the game’s changes (a new role, a server put in maintenance)', async () => {
    const token = await demoToken();
    game.state.addRole(1, 2, { role_id: 'r-1-9', role_name: 'Dova' });
    game.state.setServerState(1, 1);
    const json = await webRole(token);
    expect(json.result.list[0]?.state).toBe(1);
    expect(json.result.list[1]?.roles).toEqual([{ role_id: 'r-1-9', role_name: 'Dova' }]);
  });

  it('needs a session (tokenFail, HTTP 203)', async () => {
    const json = await webRole();
    expect(json.status).toBe(203);
    expect(json.code).toBe(ErrorCode.tokenFail);
  });

  it('answers GameAccountNotFound for a player without a game account', async () => {
    const { app, config, database } = t.current;
    const a = await makeAccount(database.db);
    const l = await login(app, config.payloadKey, 'account', a.account, a.password);
    expect((await webRole(l.result.token)).code).toBe(ErrorCode.GameAccountNotFound);
  });

  it('answers SystemBusy and logs the cause when the game fails', async () => {
    const token = await demoToken();
    game.setSwitches({ failureRate: 1 });
    const json = await webRole(token);
    expect(json.code).toBe(ErrorCode.SystemBusy);
    const line = t.current.logs.find((l) => l.msg === 'game gateway call failed');
    expect(line).toBeDefined();
    expect(JSON.stringify(line)).toMatch(/HTTP 503/);
  });

  it('answers SystemBusy when the game does not answer in time', async () => {
    const token = await demoToken();
    game.setSwitches({ latencyMs: 4000 });
    expect((await webRole(token)).code).toBe(ErrorCode.SystemBusy);
  });
});

describe('findServerAndRole', () => {
  let game: TestDemoGame;
  beforeAll(async () => {
    game = await startDemoGame();
  });
  afterAll(async () => {
    await game.close();
  });
  beforeEach(() => {
    game.state.reset({});
  });
  const gw = () =>
    createGameGateway({
      gateways: { '1': { url: game.url, secret: game.secret } },
      timeoutMs: 1000,
    });
  const codeOf = (p: Promise<unknown>) =>
    p.then(
      () => 'resolved',
      (e: unknown) => (e as { code?: number }).code,
    );

  it('returns the game’s server and role', async () => {
    expect(await findServerAndRole(gw(), 1, 1, 1, 'r-1-2')).toEqual({
      server: { server_id: 1, server_name: 'Dawn', state: 0 },
      role: { role_id: 'r-1-2', role_name: 'Bran', level: 17 },
    });
  });

  it('refuses a server in maintenance (docs/product/top-up.md#servers-and-roles)', async () => {
    expect(await codeOf(findServerAndRole(gw(), 1, 1, 3, 'r-1-3'))).toBe(
      ErrorCode.serverMaintenance,
    );
  });

  it('refuses an unknown server, an unknown role and another player’s role', async () => {
    expect(await codeOf(findServerAndRole(gw(), 1, 1, 9, 'r-1-1'))).toBe(ErrorCode.RoleNotFound);
    expect(await codeOf(findServerAndRole(gw(), 1, 1, 1, 'r-1-7'))).toBe(ErrorCode.RoleNotFound);
    expect(await codeOf(findServerAndRole(gw(), 1, 42, 1, 'r-1-1'))).toBe(ErrorCode.RoleNotFound);
    expect(await codeOf(findServerAndRole(gw(), 1, 1, 2, 'r-1-1'))).toBe(ErrorCode.RoleNotFound);
  });

  it('answers SystemBusy for a game without a gateway or a failing game', async () => {
    expect(await codeOf(findServerAndRole(gw(), 2, 1, 1, 'r-1-1'))).toBe(ErrorCode.SystemBusy);
    game.setSwitches({ failureRate: 1 });
    const warnings: object[] = [];
    const log = { warn: (obj: object) => void warnings.push(obj) };
    expect(await codeOf(findServerAndRole(gw(), 1, 1, 1, 'r-1-1', log))).toBe(ErrorCode.SystemBusy);
    expect(warnings).toHaveLength(1);
  });
});
