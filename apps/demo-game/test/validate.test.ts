// The `validate` call (docs/game-gateway.md#validate): which players and servers the demo game
// knows, asked by the portal's Publisher API before it binds a uid (ADR 0039).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signGatewayRequest } from '@hc/contract';
import { createDemoGame, type DemoGame } from '../src/app';

const secret = 'demo-game-test-secret-0123';
let game: DemoGame;

async function post(
  path: string,
  body: unknown,
  signed = true,
): Promise<{ status: number; json: unknown }> {
  const raw = JSON.stringify(body);
  const headers = signed ? await signGatewayRequest(secret, raw) : {};
  const res = await fetch(`${game.url}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: raw,
  });
  return { status: res.status, json: await res.json() };
}

beforeEach(async () => {
  game = await createDemoGame({ secret, port: 0 });
});
afterEach(async () => {
  await game.close();
});

describe('validate', () => {
  it('knows every numeric uid (the portal numbers its own game accounts)', async () => {
    expect(await post('validate', { game_id: 1, uid: 1 })).toEqual({
      status: 200,
      json: { exists: true, display_name: 'Demo' },
    });
    expect((await post('validate', { game_id: 1, uid: 42, server_id: 2 })).json).toEqual({
      exists: true,
      display_name: 'Player42',
    });
  });

  it('knows a string uid only once the game registered it', async () => {
    expect((await post('validate', { game_id: 1, uid: 'p-100' })).json).toEqual({
      exists: false,
      display_name: null,
    });
    expect(
      (await post('_demo/players', { uid: 'p-100', display_name: 'Aria' }, false)).status,
    ).toBe(200);
    expect((await post('validate', { game_id: 1, uid: 'p-100' })).json).toEqual({
      exists: true,
      display_name: 'Aria',
    });
    // A known player gets the generated role on Dawn, like numeric ones.
    expect((await post('roles', { game_id: 1, uid: 'p-100', server_id: 1 })).json).toEqual({
      roles: [{ role_id: 'r-p-100-1', role_name: 'Herop-100', level: 1 }],
    });
    expect((await post('roles', { game_id: 1, uid: 'p-unknown', server_id: 1 })).json).toEqual({
      roles: [],
    });
  });

  it('answers exists false for an unknown server', async () => {
    expect((await post('validate', { game_id: 1, uid: 7, server_id: 99 })).json).toEqual({
      exists: false,
      display_name: null,
    });
  });

  it('is signed and checked like every call', async () => {
    expect((await post('validate', { game_id: 1, uid: 1 }, false)).status).toBe(401);
    expect((await post('validate', { game_id: 2, uid: 1 })).status).toBe(404);
    expect((await post('validate', { game_id: 1, uid: '' })).status).toBe(400);
  });
});
