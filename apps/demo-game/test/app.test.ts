// The demo game over HTTP on a free port: signed calls, rejections, idempotent deliver, the fault
// switches and the admin API (docs/game-gateway.md).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signGatewayRequest } from '@hc/contract';
import { createDemoGame, type DemoGame } from '../src/app';

const secret = 'demo-game-test-secret-0123';
let game: DemoGame;

async function call(
  name: string,
  body: unknown,
  opts: { secret?: string; now?: number } = {},
): Promise<{ status: number; json: unknown }> {
  const raw = JSON.stringify(body);
  const headers = await signGatewayRequest(
    opts.secret ?? secret,
    raw,
    opts.now ?? Math.floor(Date.now() / 1000),
  );
  const res = await fetch(`${game.url}/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: raw,
  });
  return { status: res.status, json: await res.json() };
}

async function admin(path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${game.url}/_demo/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: res.status, json: await res.json() };
}

const delivery = (id: string, extra: Record<string, unknown> = {}) => ({
  game_id: 1,
  delivery_id: id,
  order_id: `o-${id}`,
  uid: 1,
  server_id: 1,
  role_id: 'r-1-1',
  items: [{ item_id: 'gem', name: 'Gems', count: 60 }],
  ...extra,
});

beforeEach(async () => {
  game = await createDemoGame({ secret });
});
afterEach(async () => {
  await game.close();
});

describe('signed calls', () => {
  it('lists Dawn, Tide and Ember (maintenance)', async () => {
    const r = await call('servers', { game_id: 1 });
    expect(r).toEqual({
      status: 200,
      json: {
        servers: [
          { server_id: 1, server_name: 'Dawn', state: 0 },
          { server_id: 2, server_name: 'Tide', state: 0 },
          { server_id: 3, server_name: 'Ember', state: 1 },
        ],
      },
    });
  });

  it('gives the demo account roles on Dawn and Ember and none on Tide', async () => {
    const dawn = await call('roles', { game_id: 1, uid: 1, server_id: 1 });
    expect(dawn.json).toEqual({
      roles: [
        { role_id: 'r-1-1', role_name: 'Aria', level: 42 },
        { role_id: 'r-1-2', role_name: 'Bran', level: 17 },
      ],
    });
    expect((await call('roles', { game_id: 1, uid: 1, server_id: 2 })).json).toEqual({
      roles: [],
    });
    const ember = (await call('roles', { game_id: 1, uid: 1, server_id: 3 })).json as {
      roles: unknown[];
    };
    expect(ember.roles).toHaveLength(1);
  });

  it('gives any other uid one generated role on Dawn only', async () => {
    expect((await call('roles', { game_id: 1, uid: 77, server_id: 1 })).json).toEqual({
      roles: [{ role_id: 'r-77-1', role_name: 'Hero77', level: 1 }],
    });
    expect((await call('roles', { game_id: 1, uid: 77, server_id: 2 })).json).toEqual({
      roles: [],
    });
  });

  it('rejects a bad signature, a stale timestamp and a missing signature with 401', async () => {
    const bad = await call('servers', { game_id: 1 }, { secret: 'wrong-secret' });
    expect(bad).toEqual({
      status: 401,
      json: { error: 'bad_signature', message: expect.any(String) as string },
    });
    const stale = await call(
      'servers',
      { game_id: 1 },
      { now: Math.floor(Date.now() / 1000) - 301 },
    );
    expect(stale.status).toBe(401);
    expect(stale.json).toMatchObject({ error: 'stale_timestamp' });
    const unsigned = await fetch(`${game.url}/servers`, { method: 'POST', body: '{"game_id":1}' });
    expect(unsigned.status).toBe(401);
  });

  it('rejects another game id, an unknown server, a malformed body and an unknown call', async () => {
    expect(await call('servers', { game_id: 2 })).toMatchObject({
      status: 404,
      json: { error: 'unknown_game' },
    });
    expect(await call('roles', { game_id: 1, uid: 1, server_id: 9 })).toMatchObject({
      status: 404,
      json: { error: 'unknown_server' },
    });
    expect(await call('roles', { game_id: 1, uid: 0, server_id: 1 })).toMatchObject({
      status: 400,
      json: { error: 'bad_request' },
    });
    expect((await call('take-everything', { game_id: 1 })).status).toBe(404);
  });
});

describe('deliver', () => {
  it('applies once; a repeat returns the first result with duplicate true', async () => {
    const first = await call('deliver', delivery('d-1'));
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ delivery_id: 'd-1', status: 'applied', duplicate: false });
    const again = await call('deliver', delivery('d-1'));
    expect(again.json).toEqual({ ...(first.json as object), duplicate: true });
    const inv = await admin('inventory?uid=1&server_id=1&role_id=r-1-1');
    expect(inv.json).toEqual({ items: [{ item_id: 'gem', name: 'Gems', count: 60 }] });
    const grants = await admin('grants');
    expect(grants.json).toEqual({
      deliveries: { 'd-1': { applied: 1, requests: 2, order_id: 'o-d-1' } },
      orders: { 'o-d-1': 1 },
    });
  });

  it('adds up different deliveries', async () => {
    await call('deliver', delivery('d-1'));
    await call('deliver', delivery('d-2', { items: [{ item_id: 'gem', name: 'Gems', count: 5 }] }));
    expect(game.state.inventory(1, 1, 'r-1-1')).toEqual([
      { item_id: 'gem', name: 'Gems', count: 65 },
    ]);
  });

  it('refuses an unknown role (404) and a server in maintenance (503), granting nothing', async () => {
    expect(await call('deliver', delivery('d-1', { role_id: 'r-9' }))).toMatchObject({
      status: 404,
      json: { error: 'unknown_role' },
    });
    expect(
      await call('deliver', delivery('d-2', { server_id: 3, role_id: 'r-1-3' })),
    ).toMatchObject({ status: 503, json: { error: 'unavailable' } });
    expect(game.state.grantCounts().deliveries).toEqual({});
  });
});

describe('takeback', () => {
  it('takes a delivery back once, never below zero, answering the shortfall', async () => {
    await call('deliver', delivery('d-1'));
    expect(
      (
        await admin('consume', {
          uid: 1,
          server_id: 1,
          role_id: 'r-1-1',
          item_id: 'gem',
          count: 15,
        })
      ).status,
    ).toBe(200);
    const first = await call('takeback', delivery('d-1'));
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({
      delivery_id: 'd-1',
      status: 'taken_back',
      duplicate: false,
      shortfall: [{ item_id: 'gem', name: 'Gems', count: 15 }],
    });
    const again = await call('takeback', delivery('d-1'));
    expect(again.json).toEqual({ ...(first.json as object), duplicate: true });
    expect(game.state.inventory(1, 1, 'r-1-1')).toEqual([
      { item_id: 'gem', name: 'Gems', count: 0 },
    ]);
    expect((await admin('takebacks/d-1')).json).toMatchObject({ applied: 1, requests: 2 });
  });

  it('answers 404 not_found for a delivery it never applied', async () => {
    expect(await call('takeback', delivery('d-9'))).toMatchObject({
      status: 404,
      json: { error: 'not_found' },
    });
  });
});

describe('switches', () => {
  it('failureRate 1 answers 503 before applying', async () => {
    expect((await admin('switches', { failureRate: 1 })).json).toMatchObject({ failureRate: 1 });
    expect(await call('deliver', delivery('d-1'))).toMatchObject({
      status: 503,
      json: { error: 'unavailable' },
    });
    expect(game.state.grant('d-1')).toBeUndefined();
  });

  it('applyThenTimeout 1 applies the grant and drops the connection', async () => {
    await admin('switches', { applyThenTimeout: 1 });
    await expect(call('deliver', delivery('d-1'))).rejects.toThrow();
    expect(game.state.inventory(1, 1, 'r-1-1')).toEqual([
      { item_id: 'gem', name: 'Gems', count: 60 },
    ]);
    // The retry finds the delivery applied and answers normally.
    expect((await call('deliver', delivery('d-1'))).json).toMatchObject({ duplicate: true });
    expect(game.state.grant('d-1')?.applied).toBe(1);
  });

  it('latencyMs delays the answer', async () => {
    await admin('switches', { latencyMs: 150 });
    const started = Date.now();
    await call('servers', { game_id: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('rejects out-of-range switches', async () => {
    expect((await admin('switches', { failureRate: 2 })).status).toBe(400);
    expect((await admin('switches', { latencyMs: -1 })).status).toBe(400);
  });
});

describe('admin API', () => {
  it('adds a role and changes a server state', async () => {
    expect(
      (await admin('roles', { uid: 1, server_id: 2, role_id: 'r-1-9', role_name: 'Dova' })).status,
    ).toBe(201);
    expect((await call('roles', { game_id: 1, uid: 1, server_id: 2 })).json).toEqual({
      roles: [{ role_id: 'r-1-9', role_name: 'Dova' }],
    });
    expect((await admin('servers/3/state', { state: 0 })).json).toEqual({
      server_id: 3,
      server_name: 'Ember',
      state: 0,
    });
    expect((await call('servers', { game_id: 1 })).json).toMatchObject({
      servers: [{}, {}, { server_id: 3, state: 0 }],
    });
  });

  it('is off with admin: false', async () => {
    const closed = await createDemoGame({ secret, admin: false });
    try {
      expect((await fetch(`${closed.url}/_demo/grants`)).status).toBe(405);
    } finally {
      await closed.close();
    }
  });
});
