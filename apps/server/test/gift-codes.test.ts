// Gift codes end to end over the real server (docs/product/content.md#redeem-codes, docs/product/content.md#home "Redeem Code"):
// the demo code WELCOME2026, every refusal (unknown, wrong shape, expired, used up, already used
// by this account, wrong game, role not the player's), the brute-force throttle, delivery through
// the worker against the demo game (exactly once), the operator CLI, and a race for one code.
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { api, ErrorCode, type CallBody } from '@hc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGameGateway } from '../src/adapters/game-gateway/client';
import { redeemBatch } from '../src/commands/redeem';
import { CommandUsageError, type CommandContext } from '../src/commands/types';
import { DEMO_ACCOUNT } from '../src/db/seeds/demo';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import { createCatalogRepository } from '../src/modules/catalog/catalog.repository';
import { createGamesRepository } from '../src/modules/games/games.repository';
import { GENERATED_CODE_BITS, hashCode } from '../src/modules/gift-codes/gift-codes.codes';
import {
  createGiftCodeBatch,
  type CreateBatchInput,
} from '../src/modules/gift-codes/gift-codes.service';
import { REDEEM_THROTTLE_POLICY } from '../src/modules/gift-codes/gift-codes.throttle';
import type { createWorkerLoop } from '../src/worker';
import { call } from './support/call';
import { testContainer, testWorker } from './support/container';
import { login, makeAccount } from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';
import { startDemoGame, type TestDemoGame } from './support/demo-game';

interface Player {
  accountId: number;
  uid: number;
  token: string;
  roleId: string;
  /** Each player calls from its own address, so the per-IP throttle stays out of the way. */
  ip: string;
}

const STARTER = [
  { item_id: 'gem', name: 'Gems', count: 60 },
  { item_id: 'gold', name: 'Gold', count: 5000 },
  { item_id: 'summon_scroll', name: 'Summon Scroll', count: 1 },
];

let ipSeq = 0;
const nextIp = () => {
  ipSeq += 1;
  return `10.${Math.floor(ipSeq / 250)}.${ipSeq % 250}.7`;
};

describe.each(testDatabases())('gift codes on %s', (kind) => {
  let game: TestDemoGame;
  let t: TestApp;
  let worker: ReturnType<typeof createWorkerLoop>;

  beforeAll(async () => {
    game = await startDemoGame();
    t = await createTestApp(kind, { env: { ...game.env, GATEWAY_TIMEOUT_MS: '3000' } });
    worker = testWorker(t);
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await game.close();
  });

  async function redeem(
    p: Pick<Player, 'token' | 'roleId' | 'ip'>,
    code: string,
    over: Partial<CallBody<typeof api.redeemCode>> = {},
    gameid = '1',
  ) {
    return call(
      t.app,
      api.redeemCode,
      { code, server_id: 1, role_id: p.roleId, ...over },
      { token: p.token, headers: { gameid }, ip: p.ip },
    );
  }

  /** A fresh account with a game account (uid) and one role on Dawn (server 1). */
  async function player(ip = nextIp()): Promise<Player> {
    const a = await makeAccount(t.database.db);
    const uid = await createAccountsRepository(t.database.db).bindGameAccount(a.id, 1);
    const json = await login(t.app, t.config.payloadKey, 'account', a.account, a.password, {
      ip,
    });
    return { accountId: a.id, uid, token: json.result.token, roleId: `r-${uid}-1`, ip };
  }

  async function batch(over: Partial<CreateBatchInput> = {}) {
    return createGiftCodeBatch(
      t.database.db,
      {
        gameId: 1,
        product: 'pack_starter',
        kind: 'single',
        count: 1,
        name: 'test batch',
        expiresAt: null,
        totalCap: null,
        perAccountLimit: 1,
        ...over,
      },
      t.clock.now(),
    );
  }

  const redemptions = (accountId: number) =>
    t.database.db
      .selectFrom('redemptions')
      .selectAll()
      .where('account_id', '=', accountId)
      .execute();

  const attempts = (accountId: number) =>
    t.database.db
      .selectFrom('redeem_attempts')
      .select('success')
      .where('account_id', '=', accountId)
      .execute();

  it('redeems WELCOME2026 once per account; the worker delivers the pack exactly once', async () => {
    const ip = nextIp();
    const json = await login(
      t.app,
      t.config.payloadKey,
      'account',
      DEMO_ACCOUNT.account,
      DEMO_ACCOUNT.password,
      { ip },
    );
    const demo = { token: json.result.token, roleId: 'r-1-1', ip };
    // Typed loosely: spaces, dashes and lower case are normalised away.
    const first = await redeem(demo, '  welcome-2026 ');
    expect(first.code).toBe(ErrorCode.Ok);
    expect(first.result.redemption_id).toMatch(/^redeem:\d+$/);
    expect(first.result.rewards).toEqual(STARTER.map(({ name, count }) => ({ name, count })));
    const row = (await redemptions(json.result.accid))[0];
    expect(row).toMatchObject({ status: 'pending', server_name: 'Dawn', role_name: 'Aria' });
    expect(game.state.inventory(1, 1, 'r-1-1')).toEqual([]);

    expect(await worker.runJobs()).toBe(1);
    const inventory = game.state.inventory(1, 1, 'r-1-1');
    expect(inventory).toEqual(STARTER.map((i): unknown => expect.objectContaining(i)));
    expect(game.state.grant(first.result.redemption_id)?.applied).toBe(1);
    expect((await redemptions(json.result.accid))[0]?.status).toBe('delivered');

    // The job runs again (e.g. a worker died after the game applied it): the game dedupes.
    await t.database.db
      .updateTable('redemptions')
      .set({ status: 'pending', delivered_at: null })
      .where('delivery_id', '=', first.result.redemption_id)
      .execute();
    await t.database.db
      .updateTable('jobs')
      .set({ state: 'pending', run_at: t.clock.now() })
      .where('dedupe_key', '=', first.result.redemption_id)
      .execute();
    expect(await worker.runJobs()).toBe(1);
    expect(game.state.inventory(1, 1, 'r-1-1')).toEqual(inventory);
    expect(game.state.grant(first.result.redemption_id)?.applied).toBe(1);

    const again = await redeem(demo, 'WELCOME2026');
    expect(again.code).toBe(ErrorCode.RedeemLimitReached);
    // Another role of the same account does not get a second pack either.
    expect((await redeem({ ...demo, roleId: 'r-1-2' }, 'WELCOME2026')).code).toBe(
      ErrorCode.RedeemLimitReached,
    );
    expect(await redemptions(json.result.accid)).toHaveLength(1);

    // Another account redeems it too (shared code, no cap).
    const other = await player();
    expect((await redeem(other, 'WELCOME2026')).code).toBe(ErrorCode.Ok);
    await worker.runJobs();
    expect(game.state.inventory(other.uid, 1, other.roleId)).toEqual(
      STARTER.map((i): unknown => expect.objectContaining(i)),
    );
  });

  it('retries a delivery while the game is down and delivers once it is back', async () => {
    const p = await player();
    const { codes } = await batch();
    const res = await redeem(p, codes[0] ?? '');
    expect(res.code).toBe(ErrorCode.Ok);
    game.setSwitches({ failureRate: 1 });
    await worker.runJobs();
    const job = () =>
      t.database.db
        .selectFrom('jobs')
        .selectAll()
        .where('dedupe_key', '=', res.result.redemption_id)
        .executeTakeFirstOrThrow();
    expect(await job()).toMatchObject({ state: 'pending', attempts: 1 });
    game.setSwitches({ failureRate: 0 });
    t.clock.advance(60_000);
    await worker.runJobs();
    expect(await job()).toMatchObject({ state: 'done' });
    expect(game.state.grant(res.result.redemption_id)?.applied).toBe(1);
  });

  it('refuses an unknown code and a code of the wrong shape, counting both as failures', async () => {
    const p = await player();
    expect((await redeem(p, 'NOSUCHCODE42')).code).toBe(ErrorCode.RedeemCodeInvalid);
    for (const bad of ['ab12', 'WELCOME!2026', 'X'.repeat(33), '——']) {
      expect((await redeem(p, bad)).code).toBe(ErrorCode.RedeemCodeInvalid);
    }
    expect(await attempts(p.accountId)).toEqual(Array(5).fill({ success: false }));
    expect(await redemptions(p.accountId)).toEqual([]);
    // An empty code is a parameter error (the contract), not a guess.
    expect((await redeem(p, '   ')).code).toBe(ErrorCode.InvalidParams);
  });

  it('refuses an expired code', async () => {
    const { codes } = await batch({
      kind: 'shared',
      code: `EXP${Date.now()}`,
      expiresAt: new Date(t.clock.now().getTime() + 3_600_000),
    });
    t.clock.advance(2 * 3_600_000);
    const p = await player(); // signed in after the clock moved (sessions expire when idle)
    expect((await redeem(p, codes[0] ?? '')).code).toBe(ErrorCode.RedeemCodeExpired);
    expect(await redemptions(p.accountId)).toEqual([]);
  });

  it('refuses a shared code whose total cap is used up', async () => {
    const { codes, batchId } = await batch({
      kind: 'shared',
      code: `CAP${Date.now()}`,
      totalCap: 2,
    });
    const code = codes[0] ?? '';
    expect((await redeem(await player(), code)).code).toBe(ErrorCode.Ok);
    expect((await redeem(await player(), code)).code).toBe(ErrorCode.Ok);
    const late = await player();
    expect((await redeem(late, code)).code).toBe(ErrorCode.RedeemCodeUsed);
    expect(await redemptions(late.accountId)).toEqual([]);
    const row = await t.database.db
      .selectFrom('redeem_batches')
      .select('redeemed')
      .where('id', '=', batchId)
      .executeTakeFirstOrThrow();
    expect(row.redeemed).toBe(2);
  });

  it('refuses a single-use code used by another account; its owner hears "already used"', async () => {
    const { codes } = await batch({ count: 2 });
    const [a, b] = [await player(), await player()];
    expect((await redeem(a, codes[0] ?? '')).code).toBe(ErrorCode.Ok);
    expect((await redeem(b, codes[0] ?? '')).code).toBe(ErrorCode.RedeemCodeUsed);
    expect((await redeem(a, codes[0] ?? '')).code).toBe(ErrorCode.RedeemLimitReached);
    // Per-account limit 1 per batch: the second code of the batch is refused to `a` too.
    expect((await redeem(a, codes[1] ?? '')).code).toBe(ErrorCode.RedeemLimitReached);
    expect((await redeem(b, codes[1] ?? '')).code).toBe(ErrorCode.Ok);
  });

  it('refuses a code of another game', async () => {
    await createGamesRepository(t.database.db).insert({
      id: 2,
      name: 'Other Game',
      icon: '',
      platforms: ['pc'],
      sort: 2,
    });
    await createCatalogRepository(t.database.db).insertProducts([
      {
        gameId: 2,
        cpGoodsId: 'other_pack',
        kind: 'game',
        names: { 'en-US': 'Other Pack' },
        price: 99,
        currency: 'USD',
        icon: 'x',
        bonus: 0,
        gift: 0,
        amount: null,
        items: [{ item_id: 'gem', name: 'Gems', count: 1 }],
        serverIds: null,
      },
    ]);
    const { codes } = await batch({ gameId: 2, product: 'other_pack' });
    const p = await player();
    expect((await redeem(p, codes[0] ?? '')).code).toBe(ErrorCode.RedeemWrongGame);
    expect(await redemptions(p.accountId)).toEqual([]);
  });

  it('requires sign-in and a server and role of the player (RoleNotFound otherwise)', async () => {
    const p = await player();
    const anonymous = await call(
      t.app,
      api.redeemCode,
      { code: 'WELCOME2026', server_id: 1, role_id: p.roleId },
      { gameId: 1 },
    );
    expect(anonymous.status).toBe(203);
    expect(anonymous.code).toBe(ErrorCode.tokenFail);
    // The demo account's role, another server without roles, an unknown server.
    expect((await redeem(p, 'WELCOME2026', { role_id: 'r-1-1' })).code).toBe(
      ErrorCode.RoleNotFound,
    );
    expect((await redeem(p, 'WELCOME2026', { server_id: 2 })).code).toBe(ErrorCode.RoleNotFound);
    expect((await redeem(p, 'WELCOME2026', { server_id: 99 })).code).toBe(ErrorCode.RoleNotFound);
    expect(await redemptions(p.accountId)).toEqual([]);
    // Nothing was used up: the same account can still redeem it for its own role.
    expect((await redeem(p, 'WELCOME2026')).code).toBe(ErrorCode.Ok);
  });

  it('throttles repeated wrong codes per account, then lets the player try again', async () => {
    const p = await player();
    const { accountMaxFailures, windowMs } = REDEEM_THROTTLE_POLICY;
    for (let i = 0; i < accountMaxFailures; i += 1)
      expect((await redeem(p, `WRONG${i}CODE`)).code).toBe(ErrorCode.RedeemCodeInvalid);
    const blocked = await redeem(p, 'WELCOME2026');
    expect(blocked.code).toBe(ErrorCode.TooManyRequests);
    expect(blocked.data.retry_after).toBeGreaterThan(0);
    expect(blocked.data.retry_after).toBeLessThanOrEqual(windowMs / 1000);
    // From another address too: the limit is the account's.
    expect((await redeem({ ...p, ip: nextIp() }, 'WELCOME2026')).code).toBe(
      ErrorCode.TooManyRequests,
    );
    expect(await redemptions(p.accountId)).toEqual([]);
    t.clock.advance(windowMs);
    expect((await redeem(p, 'WELCOME2026')).code).toBe(ErrorCode.Ok);
  });

  it('checks at most the limit of 200 concurrent guesses by one account', async () => {
    const p = await player();
    const { accountMaxFailures, windowMs } = REDEEM_THROTTLE_POLICY;
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => redeem(p, `GUESS${i}CONCURRENT`)),
    );
    const checked = results.filter((r) => r.code === ErrorCode.RedeemCodeInvalid);
    const refused = results.filter((r) => r.code === ErrorCode.TooManyRequests);
    expect(checked).toHaveLength(accountMaxFailures);
    expect(refused).toHaveLength(200 - accountMaxFailures);
    for (const r of refused) expect(r.data.retry_after).toBe(windowMs / 1000);
    expect((await attempts(p.accountId)).filter((a) => !a.success)).toHaveLength(
      accountMaxFailures,
    );
  });

  it('throttles repeated wrong codes per IP across accounts', async () => {
    const ip = nextIp();
    const { ipMaxFailures } = REDEEM_THROTTLE_POLICY;
    let failures = 0;
    while (failures < ipMaxFailures) {
      const p = await player(ip);
      for (let i = 0; i < 5 && failures < ipMaxFailures; i += 1, failures += 1)
        expect((await redeem(p, `GUESS${failures}X`)).code).toBe(ErrorCode.RedeemCodeInvalid);
    }
    const fresh = await player(ip);
    const blocked = await redeem(fresh, 'WELCOME2026');
    expect(blocked.code).toBe(ErrorCode.TooManyRequests);
    expect(blocked.data.retry_after).toBeGreaterThan(0);
    expect((await redeem({ ...fresh, ip: nextIp() }, 'WELCOME2026')).code).toBe(ErrorCode.Ok);
  });

  it('stores codes only hashed; generated codes carry 80 bits', async () => {
    const { codes, batchId } = await batch({ count: 5 });
    expect(GENERATED_CODE_BITS).toBe(80);
    for (const c of codes) expect(c).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    expect(new Set(codes).size).toBe(5);
    const stored = await t.database.db
      .selectFrom('redeem_codes')
      .select('code_hash')
      .where('batch_id', '=', batchId)
      .execute();
    expect(stored.map((r) => r.code_hash).sort()).toEqual(codes.map(hashCode).sort());
    expect(JSON.stringify(stored)).not.toContain(codes[0]?.slice(0, 4));
  });

  describe('operator CLI redeem-batch', () => {
    function context(): { ctx: CommandContext; lines: string[] } {
      const lines: string[] = [];
      return {
        lines,
        ctx: {
          container: testContainer({
            config: t.config,
            database: t.database,
            gateway: createGameGateway({ gateways: t.config.gateways, timeoutMs: 1000 }),
            clock: t.clock,
            log: t.app.log,
          }),
          out: (line) => void lines.push(line),
        },
      };
    }

    it('creates a single-use batch and prints codes that work', async () => {
      const { ctx, lines } = context();
      const args = ['--game', '1', '--product', 'pack_starter', '--kind', 'single'];
      expect(await redeemBatch.run(ctx, [...args, '--count', '3', '--name', 'CLI test'])).toBe(0);
      expect(lines).toHaveLength(3);
      const p = await player();
      expect((await redeem(p, lines[1] ?? '')).code).toBe(ErrorCode.Ok);
      expect((await redeem(await player(), lines[1] ?? '')).code).toBe(ErrorCode.RedeemCodeUsed);
    });

    it('creates a shared batch with a given code and writes CSV', async () => {
      const { ctx, lines } = context();
      const file = join(await mkdtemp(join(tmpdir(), 'redeem-cli-')), 'codes.csv');
      const code = `SPRING${Date.now()}`;
      const expires = new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString();
      const args = ['--game', '1', '--product', 'pack_hero', '--kind', 'shared', '--code', code];
      expect(
        await redeemBatch.run(ctx, [...args, '--expires', expires, '--cap', '5', '--csv', file]),
      ).toBe(0);
      expect(lines[0]).toMatch(/^batch \d+: 1 code\(s\) written to /);
      const csv = (await readFile(file, 'utf8')).trim().split('\n');
      expect(csv[0]).toBe('code,batch_id,expires_at');
      expect(csv[1]).toMatch(new RegExp(`^${code},\\d+,${expires.replace(/\./g, '\\.')}$`));
      expect((await stat(file)).mode & 0o077).toBe(0);
      expect((await redeem(await player(), code.toLowerCase())).code).toBe(ErrorCode.Ok);
    });

    it('rejects bad arguments', async () => {
      const { ctx } = context();
      const base = ['--game', '1', '--product', 'pack_starter'];
      for (const args of [
        [...base, '--kind', 'single'], // no --count
        [...base, '--kind', 'bulk', '--count', '1'],
        [...base, '--kind', 'single', '--count', '0'],
        ['--game', '1', '--product', 'hc_500', '--kind', 'single', '--count', '1'], // coin pack
        [...base, '--kind', 'shared', '--code', 'no!'],
        [...base, '--kind', 'shared', '--code', 'WELCOME2026'], // exists
        [...base, '--kind', 'single', '--count', '1', '--expires', '2020-01-01'],
        [...base, '--kind', 'single', '--count', '1', '--bogus'],
      ]) {
        await expect(redeemBatch.run(ctx, args)).rejects.toBeInstanceOf(CommandUsageError);
      }
    });
  });

  it.runIf(kind === 'postgres')(
    'lets exactly one of 20 accounts redeem a single-use code at the same time',
    async () => {
      const { codes, batchId } = await batch();
      const players = await Promise.all(Array.from({ length: 20 }, () => player()));
      const results = await Promise.all(players.map((p) => redeem(p, codes[0] ?? '')));
      const ok = results.filter((r) => r.code === ErrorCode.Ok);
      expect(ok).toHaveLength(1);
      expect(results.filter((r) => r.code === ErrorCode.RedeemCodeUsed)).toHaveLength(19);
      const rows = await t.database.db
        .selectFrom('redemptions')
        .select('id')
        .where('batch_id', '=', batchId)
        .execute();
      expect(rows).toHaveLength(1);
      const code = await t.database.db
        .selectFrom('redeem_codes')
        .select('uses')
        .where('batch_id', '=', batchId)
        .executeTakeFirstOrThrow();
      expect(code.uses).toBe(1);
    },
  );
});
