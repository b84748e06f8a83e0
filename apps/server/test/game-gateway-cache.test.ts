// ADR 0023 follow-up: the server-list cache of the game gateway client (SERVER_LIST_CACHE_MS in
// the running server, off by default) and webCreate's server and role check asking both at once.
// Against the demo game on a free port (DESIGN §6).
import { ErrorCode } from '@hc/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGameGateway } from '../src/adapters/game-gateway/client';
import { findServerAndRole } from '../src/modules/game/game.service';
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
function countingGateway(serverListCacheMs?: number) {
  const calls: string[] = [];
  const clock = { ms: 1_000_000 };
  const load = { inFlight: 0, max: 0 };
  const gw = createGameGateway({
    gateways: { '1': { url: game.url, secret: game.secret } },
    timeoutMs: 2000,
    nowMs: () => clock.ms,
    ...(serverListCacheMs === undefined ? {} : { serverListCacheMs }),
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

  it('keeps a game’s list for the configured time, then sees maintenance (SPEC §3)', async () => {
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

  it('never caches roles', async () => {
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
