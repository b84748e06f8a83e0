// ADR 0023 follow-up: the server-list cache of the game gateway client (SERVER_LIST_CACHE_MS in
// the running server, off by default) and webCreate's server and role check asking both at once.
// Against the demo game on a free port (docs/game-gateway.md).
import { ErrorCode, GATEWAY_NAME_MAX_CHARS } from '@hc/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGameGateway, GATEWAY_ANSWER_MAX_BYTES } from '../src/adapters/game-gateway/client';
import { GatewayError } from '../src/adapters/game-gateway/types';
import { findServerAndRole } from '../src/modules/games/games.service';
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

/** A client whose requests are counted per call name, with a hand-moved millisecond clock. */
function countingGateway(serverListCacheMs?: number, rolesCacheMs?: number) {
  const calls: string[] = [];
  const clock = { ms: 1_000_000 };
  const load = { inFlight: 0, max: 0 };
  const gw = createGameGateway({
    gateways: { '1': { url: game.url, secret: game.secret } },
    timeoutMs: 2000,
    nowMs: () => clock.ms,
    ...(serverListCacheMs === undefined ? {} : { serverListCacheMs }),
    ...(rolesCacheMs === undefined ? {} : { rolesCacheMs }),
    fetch: async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      calls.push(url.split('/').pop() ?? '');
      load.max = Math.max(load.max, ++load.inFlight);
      try {
        const res = await fetch(input, init);
        await res.clone().text();
        return res;
      } finally {
        load.inFlight--;
      }
    },
  });
  return { gw, calls, clock, load };
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e as { code?: number }).code,
  );

describe('server list cache (ADR 0023 follow-up)', () => {
  it('asks the game every time by default', async () => {
    const { gw, calls } = countingGateway();
    await gw.listServers(1);
    await gw.listServers(1);
    expect(calls).toEqual(['servers', 'servers']);
  });

  it('keeps a game’s list for the configured time, then sees maintenance (docs/product/top-up.md#servers-and-roles)', async () => {
    const { gw, calls, clock } = countingGateway(5000);
    const [a, b] = await Promise.all([gw.listServers(1), gw.listServers(1)]);
    expect(a).toEqual(b);
    expect(calls).toEqual(['servers']);
    game.state.setServerState(1, 1);
    clock.ms += 4999;
    expect((await gw.listServers(1))[0]?.state).toBe(0);
    expect(calls).toEqual(['servers']);
    clock.ms += 1;
    expect((await gw.listServers(1))[0]?.state).toBe(1);
    expect(calls).toEqual(['servers', 'servers']);
  });

  it('hands out copies: a caller changing its list does not change the cache', async () => {
    const { gw } = countingGateway(5000);
    const first = await gw.listServers(1);
    first.length = 0;
    expect(await gw.listServers(1)).toHaveLength(3);
  });

  it('does not keep a failure', async () => {
    const { gw, calls } = countingGateway(5000);
    game.setSwitches({ failureRate: 1 });
    await expect(gw.listServers(1)).rejects.toThrow(/503/);
    game.setSwitches({ failureRate: 0 });
    expect(await gw.listServers(1)).toHaveLength(3);
    expect(calls).toEqual(['servers', 'servers']);
  });

  it('does not keep roles without rolesCacheMs', async () => {
    const { gw, calls } = countingGateway(5000);
    await gw.listRoles(1, 1, 1);
    game.state.addRole(1, 1, { role_id: 'r-1-9', role_name: 'Dova' });
    expect((await gw.listRoles(1, 1, 1)).map((r) => r.role_id)).toContain('r-1-9');
    expect(calls).toEqual(['roles', 'roles']);
  });
});

describe('findServerAndRole asks for servers and roles at once', () => {
  it('sends both requests before either answer arrives', async () => {
    game.setSwitches({ latencyMs: 200 });
    const { gw, calls, load } = countingGateway();
    const found = await findServerAndRole(gw, 1, 1, 1, 'r-1-2');
    expect(found.role.role_name).toBe('Bran');
    expect([...calls].sort()).toEqual(['roles', 'servers']);
    // One after the other, at most one request would ever be under way.
    expect(load.max).toBe(2);
  });

  it('judges the server first, as before: maintenance and unknown servers win over roles', async () => {
    const { gw } = countingGateway();
    expect(await codeOf(findServerAndRole(gw, 1, 1, 3, 'r-1-3'))).toBe(ErrorCode.serverMaintenance);
    expect(await codeOf(findServerAndRole(gw, 1, 1, 9, 'r-1-1'))).toBe(ErrorCode.RoleNotFound);
  });
});

describe('shared game calls and the roles cache (ADR 0030)', () => {
  it('sends one request for identical calls under way at once, even without a cache', async () => {
    game.setSwitches({ latencyMs: 100 });
    const { gw, calls } = countingGateway();
    const lists = await Promise.all(Array.from({ length: 50 }, () => gw.listRoles(1, 1, 1)));
    expect(lists.every((l) => l.length === 2)).toBe(true);
    expect(calls).toEqual(['roles']);
    // Afterwards nothing is kept: the next call asks again.
    await gw.listRoles(1, 1, 1);
    expect(calls).toEqual(['roles', 'roles']);
  });

  it('keeps roles per game, server and uid for rolesCacheMs', async () => {
    const { gw, calls, clock } = countingGateway(0, 3000);
    await gw.listRoles(1, 1, 1);
    await gw.listRoles(1, 1, 1);
    expect(calls).toEqual(['roles']);
    await gw.listRoles(1, 1, 2);
    await gw.listRoles(1, 2, 1);
    expect(calls).toEqual(['roles', 'roles', 'roles']);
    game.state.addRole(1, 1, { role_id: 'r-1-9', role_name: 'Dova' });
    clock.ms += 2999;
    expect((await gw.listRoles(1, 1, 1)).map((r) => r.role_id)).not.toContain('r-1-9');
    clock.ms += 1;
    expect((await gw.listRoles(1, 1, 1)).map((r) => r.role_id)).toContain('r-1-9');
    expect(calls).toHaveLength(4);
  });

  it('does not keep a failed roles call, and hands out copies', async () => {
    const { gw, calls } = countingGateway(0, 3000);
    game.setSwitches({ failureRate: 1 });
    await expect(gw.listRoles(1, 1, 1)).rejects.toThrow(/503/);
    game.setSwitches({ failureRate: 0 });
    const first = await gw.listRoles(1, 1, 1);
    first.length = 0;
    expect(await gw.listRoles(1, 1, 1)).toHaveLength(2);
    expect(calls).toEqual(['roles', 'roles']);
  });
});

describe('what the game sends is bounded', () => {
  it('cuts long role names and removes control characters', async () => {
    const { gw } = countingGateway();
    game.state.addRole(1, 1, {
      role_id: 'r-long',
      role_name: `A\u0000b\u0007${'x'.repeat(10_000)}`,
    });
    const role = (await gw.listRoles(1, 1, 1)).find((r) => r.role_id === 'r-long');
    expect(role?.role_name).toBe(`Ab${'x'.repeat(GATEWAY_NAME_MAX_CHARS - 2)}`);
    // Characters, not UTF-16 units: an emoji is never cut in half.
    game.state.addRole(1, 1, { role_id: 'r-emoji', role_name: '🐉'.repeat(100) });
    const emoji = (await gw.listRoles(1, 1, 1)).find((r) => r.role_id === 'r-emoji');
    expect(emoji?.role_name).toBe('🐉'.repeat(GATEWAY_NAME_MAX_CHARS));
  });

  it('refuses an answer larger than GATEWAY_ANSWER_MAX_BYTES', async () => {
    const huge = JSON.stringify({
      roles: [{ role_id: 'r', role_name: 'x'.repeat(GATEWAY_ANSWER_MAX_BYTES) }],
    });
    const gw = createGameGateway({
      gateways: { '1': { url: game.url, secret: game.secret } },
      timeoutMs: 2000,
      fetch: () =>
        Promise.resolve(new Response(huge, { headers: { 'content-type': 'application/json' } })),
    });
    const err = await gw.listRoles(1, 1, 1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as Error).message).toMatch(/larger than 1048576 bytes/);
  });
});
