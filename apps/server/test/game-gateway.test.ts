// The portal's game gateway client against the demo game on a free port (docs/game-gateway.md,
// docs/game-gateway.md): happy paths, signature and clock checks, idempotent deliver, faults.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGameGateway } from '../src/adapters/game-gateway/client';
import { GatewayError, type DeliverInput } from '../src/adapters/game-gateway/types';
import { startDemoGame, type TestDemoGame } from './support/demo-game';

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

const gatewayFor = (
  over: { secret?: string; timeoutMs?: number; nowSeconds?: () => number } = {},
) =>
  createGameGateway({
    gateways: { '1': { url: game.url, secret: over.secret ?? game.secret } },
    timeoutMs: over.timeoutMs ?? 2000,
    ...(over.nowSeconds ? { nowSeconds: over.nowSeconds } : {}),
  });

const input = (deliveryId: string): DeliverInput => ({
  deliveryId,
  orderId: `o-${deliveryId}`,
  uid: 1,
  serverId: 1,
  roleId: 'r-1-1',
  items: [{ item_id: 'gem-60', name: '60 Gems', count: 1 }],
});

async function rejection(p: Promise<unknown>): Promise<GatewayError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GatewayError);
  return err as GatewayError;
}

describe('game gateway client', () => {
  it('lists servers with their state', async () => {
    expect(await gatewayFor().listServers(1)).toEqual([
      { server_id: 1, server_name: 'Dawn', state: 0 },
      { server_id: 2, server_name: 'Tide', state: 0 },
      { server_id: 3, server_name: 'Ember', state: 1 },
    ]);
  });

  it('lists a game account’s roles on a server; none is an empty array', async () => {
    const gw = gatewayFor();
    expect((await gw.listRoles(1, 1, 1)).map((r) => r.role_name)).toEqual(['Aria', 'Bran']);
    expect(await gw.listRoles(1, 1, 2)).toEqual([]);
  });

  it('knows which games have a gateway', async () => {
    const gw = gatewayFor();
    expect(await gw.has(1)).toBe(true);
    expect(await gw.has(2)).toBe(false);
  });

  it('fails without a gateway for the game, nothing sent', async () => {
    const err = await rejection(gatewayFor().listServers(2));
    expect(err.maybeApplied).toBe(false);
  });

  it('delivers once; a repeat returns the first result marked duplicate', async () => {
    const gw = gatewayFor();
    const first = await gw.deliver(1, input('d-1'));
    expect(first).toMatchObject({ delivery_id: 'd-1', status: 'applied', duplicate: false });
    const again = await gw.deliver(1, input('d-1'));
    expect(again).toEqual({ ...first, duplicate: true });
    expect(game.state.inventory(1, 1, 'r-1-1')).toEqual([
      { item_id: 'gem-60', name: '60 Gems', count: 1 },
    ]);
    expect(game.state.grant('d-1')).toMatchObject({ applied: 1, requests: 2 });
  });

  it('is rejected by the game with a wrong secret (401, not applied)', async () => {
    const err = await rejection(
      gatewayFor({ secret: 'not-the-shared-secret' }).deliver(1, input('d-2')),
    );
    expect(err.message).toMatch(/401 bad_signature/);
    expect(err.maybeApplied).toBe(false);
    expect(game.state.grant('d-2')).toBeUndefined();
  });

  it('is rejected by the game with a timestamp more than 5 minutes off', async () => {
    const stale = () => Math.floor(Date.now() / 1000) - 301;
    const err = await rejection(gatewayFor({ nowSeconds: stale }).listServers(1));
    expect(err.message).toMatch(/401 stale_timestamp/);
    const ahead = () => Math.floor(Date.now() / 1000) + 301;
    await rejection(gatewayFor({ nowSeconds: ahead }).listServers(1));
    // Within the tolerance the call goes through.
    const skewed = () => Math.floor(Date.now() / 1000) - 250;
    expect(await gatewayFor({ nowSeconds: skewed }).listServers(1)).toHaveLength(3);
  });

  it('turns a timeout into GatewayError with maybeApplied', async () => {
    game.setSwitches({ latencyMs: 1000 });
    const started = Date.now();
    const err = await rejection(gatewayFor({ timeoutMs: 150 }).listServers(1));
    expect(Date.now() - started).toBeLessThan(900);
    expect(err.message).toMatch(/no answer within 150 ms/);
    expect(err.maybeApplied).toBe(true);
  });

  it('apply-then-time-out: the error says maybe applied and the retry is a duplicate', async () => {
    game.setSwitches({ applyThenTimeout: 1, hangMs: 1000 });
    const gw = gatewayFor({ timeoutMs: 200 });
    const err = await rejection(gw.deliver(1, input('d-3')));
    expect(err.maybeApplied).toBe(true);
    expect(game.state.grant('d-3')?.applied).toBe(1);
    game.setSwitches({ applyThenTimeout: 0 });
    expect(await gw.deliver(1, input('d-3'))).toMatchObject({ duplicate: true });
    expect(game.state.grant('d-3')?.applied).toBe(1);
  });

  it('a dropped connection after sending a deliver is maybe applied', async () => {
    game.setSwitches({ applyThenTimeout: 1, hangMs: 0 });
    const err = await rejection(gatewayFor().deliver(1, input('d-4')));
    expect(err.maybeApplied).toBe(true);
  });

  it('maps a 503 to GatewayError (may be retried)', async () => {
    game.setSwitches({ failureRate: 1 });
    const err = await rejection(gatewayFor().deliver(1, input('d-5')));
    expect(err.message).toMatch(/HTTP 503 unavailable/);
    expect(game.state.grant('d-5')).toBeUndefined();
  });

  it('maps a refused connection to GatewayError, not applied', async () => {
    const down = await startDemoGame();
    const url = down.url;
    await down.close();
    const gw = createGameGateway({
      gateways: { '1': { url, secret: game.secret } },
      timeoutMs: 1000,
    });
    const err = await rejection(gw.deliver(1, input('d-6')));
    expect(err.maybeApplied).toBe(false);
  });

  it('rejects a malformed answer from the game', async () => {
    const gw = createGameGateway({
      gateways: { '1': { url: game.url, secret: game.secret } },
      timeoutMs: 1000,
      fetch: () => Promise.resolve(new Response(JSON.stringify({ servers: [{ id: 1 }] }))),
    });
    const err = await rejection(gw.listServers(1));
    expect(err.message).toMatch(/malformed answer/);
  });
});
