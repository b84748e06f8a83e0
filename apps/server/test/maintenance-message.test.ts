// The operator's maintenance message reaching players (ADR 0050, docs/console.md#games-and-servers):
// an operator puts a server in maintenance with an en-US and a zh-CN message; the player's server
// list (/api/user/webRole) and the serverMaintenance answers of the role choice and of order
// creation carry the message in the request's language (en-US for the others), on this node and
// on a second one within seconds (invalidation bus); a server without a message, or held by the
// game itself, carries none.
import { api, consoleApi, ErrorCode } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { login } from './support/auth-fixtures';
import { call } from './support/call';
import { consoleCall, signInOperator, type ConsoleClient } from './support/console';
import { testDatabases } from './support/databases';
import { startDemoGame, type TestDemoGame } from './support/demo-game';
import { createTestApp, type TestApp } from './support/helper';

const EN = 'Back at 10:00 UTC';
const ZH = 'UTC 10:00 恢复';

describe.each(testDatabases())('maintenance messages for players on %s', (kind) => {
  let t: TestApp;
  let game: TestDemoGame;
  let ops: ConsoleClient;
  let other: FastifyInstance;
  let token = '';

  beforeAll(async () => {
    game = await startDemoGame();
    t = await createTestApp(kind, { env: game.env });
    ops = await signInOperator(t, ['operations']);
    other = await buildApp(t.config, { database: t.database, clock: t.clock });
    await other.ready();
    const synced = await consoleCall(t.app, consoleApi.consoleServersSync, { gameId: 1 }, ops);
    expect(synced.code).toBe(0);
    const json = await login(t.app, t.config.payloadKey, 'account', 'demo', 'demo1234');
    token = json.result.token;
  });

  afterAll(async () => {
    await other.close();
    await t.app.close();
    await t.database.close();
    await game.close();
  });

  const webRole = (lang?: string, app: FastifyInstance = t.app) =>
    call(app, api.userWebRole, {}, { token, gameId: 1, headers: { lang } });
  const server = async (id: number, lang?: string, app?: FastifyInstance) =>
    (await webRole(lang, app)).result.list.find((s) => s.server_id === id);
  const select = (lang: string, serverId = 1, roleId = 'r-1-1') =>
    call(
      t.app,
      api.characterInfoSelect,
      { server_id: serverId, role_id: roleId },
      { token, gameId: 1, headers: { lang } },
    );
  const setServer = (
    serverId: number,
    state: 'open' | 'maintenance',
    maintenanceMessage?: Record<string, string>,
  ) =>
    consoleCall(
      t.app,
      consoleApi.consoleServersUpdate,
      { gameId: 1, serverId, state, ...(maintenanceMessage && { maintenanceMessage }) },
      ops,
    );

  it('shows the message in the player language, en-US for the others, on every node', async () => {
    // The second node reads (and keeps) the switches before the change.
    expect(await server(1, 'zh-CN', other)).toMatchObject({ state: 0 });
    expect((await setServer(1, 'maintenance', { 'en-US': EN, 'zh-CN': ZH })).code).toBe(0);

    const zh = await server(1, 'zh-CN');
    expect(zh).toMatchObject({ state: 1, maintenance_message: ZH });
    expect(zh?.roles.length).toBeGreaterThan(0);
    expect((await server(1, 'de-DE'))?.maintenance_message).toBe(EN);
    expect((await server(1))?.maintenance_message).toBe(EN);
    await vi.waitFor(async () =>
      expect((await server(1, 'zh-CN', other))?.maintenance_message).toBe(ZH),
    );
    // Open servers and the game's own maintenance (Ember) carry no message.
    expect(await server(2, 'zh-CN')).not.toHaveProperty('maintenance_message');
    expect(await server(3, 'zh-CN')).toMatchObject({ state: 1 });
    expect(await server(3, 'zh-CN')).not.toHaveProperty('maintenance_message');
  });

  it('answers serverMaintenance with the message when the player picks or buys there', async () => {
    const zh = await select('zh-CN');
    expect(zh.code).toBe(ErrorCode.serverMaintenance);
    expect(zh.data).toEqual({ maintenance_message: ZH });
    const ja = await select('ja-JP');
    expect(ja.data).toEqual({ maintenance_message: EN });

    const order = await call(
      t.app,
      api.orderWebCreate,
      {
        role_id: 'r-1-1',
        server_id: 1,
        cp_goods_id: 'pack_starter',
        channel_code: 'card',
        role_name: '',
        server_name: '',
      },
      { token, gameId: 1, headers: { lang: 'zh-CN', 'idempotency-key': 'maint-msg-order-1' } },
    );
    expect(order.code).toBe(ErrorCode.serverMaintenance);
    expect(order.data).toEqual({ maintenance_message: ZH });
    expect(
      await t.database.db.selectFrom('orders').select('id').where('server_id', '=', 1).execute(),
    ).toEqual([]);

    // The game's own maintenance: the code alone.
    const ember = await select('zh-CN', 3, 'r-1-3');
    expect(ember.code).toBe(ErrorCode.serverMaintenance);
    expect(ember.data).toBeUndefined();
  });

  it('follows a changed message, carries none without one, and none once open', async () => {
    expect((await setServer(1, 'maintenance', { 'en-US': 'Extended to 12:00 UTC' })).code).toBe(0);
    // zh-CN was cleared: zh-CN players now see the en-US text.
    expect((await server(1, 'zh-CN'))?.maintenance_message).toBe('Extended to 12:00 UTC');
    await vi.waitFor(async () =>
      expect((await server(1, 'zh-CN', other))?.maintenance_message).toBe('Extended to 12:00 UTC'),
    );

    expect((await setServer(2, 'maintenance')).code).toBe(0);
    expect(await server(2, 'zh-CN')).toMatchObject({ state: 1 });
    expect(await server(2, 'zh-CN')).not.toHaveProperty('maintenance_message');

    expect((await setServer(1, 'open')).code).toBe(0);
    expect(await server(1, 'zh-CN')).toMatchObject({ state: 0 });
    expect(await server(1, 'zh-CN')).not.toHaveProperty('maintenance_message');
    await vi.waitFor(async () =>
      expect(await server(1, 'zh-CN', other)).toMatchObject({ state: 0 }),
    );
    expect((await select('zh-CN')).code).toBe(0);
  });
});
