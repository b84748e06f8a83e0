// Fault 3: the game server is down for a while, then back. Orders paid while
// it is unreachable (connection refused) and then failing (503 unavailable) wait in the job
// outbox with backoff; once it is back every delivery arrives exactly once (grant count 1),
// orders end completed, and nothing reaches the dead-letter state with the default attempts.
import { api } from '@hc/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, postWebhook, sandboxWebhook, seedPlayers, signIn } from './support/api';
import { expectExactlyOnce, productOf, waitDrained } from './support/checks';
import { createDatabase, type TestDatabase } from './support/databases';
import { startProxy, type TcpProxy } from './support/proxy';
import { sleep, startDemoGame, startServer, type DemoGameProc, type Proc } from './support/procs';

const ORDERS_PER_PLAYER = 3;
const EPOINT_PACKS = ['pack_starter', 'pack_adventurer', 'pack_monthly'];
const UNREACHABLE_MS = 3500;
const FAILING_MS = 2500;

describe('game server down for a while, then back', () => {
  let database: TestDatabase;
  let game: DemoGameProc;
  let proxy: TcpProxy;
  let server: Proc | undefined;

  beforeAll(async () => {
    database = await createDatabase();
    game = await startDemoGame();
    proxy = await startProxy(game.port);
  });
  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await game?.stop();
    await database?.drop();
  });

  it('delivers every paid order exactly once when the game returns (ARCHITECTURE.md#jobs-and-the-worker)', async () => {
    // Default DELIVERY_MAX_ATTEMPTS (12); small backoff so the outage spans several attempts.
    server = await startServer({
      name: 'server',
      databaseUrl: database.url,
      gateways: game.gateways(proxy.url),
      env: { DELIVERY_BACKOFF_BASE_MS: '1000', DELIVERY_BACKOFF_MAX_MS: '3000' },
    });
    const url = server.url;
    const db = database.open().db;
    const product = await productOf(db, 'pack_adventurer');
    const players = await seedPlayers(database.open(), 4, 100_000);
    for (const p of players) await signIn(url, p);

    // Orders are created while the game is up (creation asks the game for the role, docs/product/api.md#top-up-calls).
    const epoint: Array<{ sdk: string; token: string }> = [];
    const card: Array<{ sdk: string; paymentId: string }> = [];
    for (const p of players) {
      for (let i = 0; i <= ORDERS_PER_PLAYER; i++) {
        const isCard = i === ORDERS_PER_PLAYER;
        const out = await call(
          url,
          api.orderWebCreate,
          {
            role_id: p.roleId,
            server_id: 1,
            // A different pack per HC Point order: an open order for the same pack, role and
            // method would be reused instead of a new one (ADR 0031).
            cp_goods_id: isCard ? product.cpGoodsId : (EPOINT_PACKS[i] ?? product.cpGoodsId),
            channel_code: isCard ? 'card' : 'epoint',
            role_name: '',
            server_name: '',
          },
          { token: p.token },
        );
        if (out.kind !== 'ok') throw new Error(`create: ${JSON.stringify(out)}`);
        const r = out.json.result;
        if (isCard)
          card.push({ sdk: r.sdk_order_id, paymentId: r.pay_url.split('/pay/sandbox/')[1] ?? '' });
        else epoint.push({ sdk: r.sdk_order_id, token: p.token });
      }
    }

    // Down: connection refused. Every order is paid now.
    const downAt = Date.now();
    await proxy.down();
    for (const o of epoint) {
      const out = await call(
        url,
        api.paymentOrderEpointPay,
        { paymentId: o.sdk },
        { token: o.token },
      );
      expect(out.kind, `pay ${o.sdk}`).toBe('ok');
    }
    for (const o of card) {
      const out = await postWebhook(
        url,
        sandboxWebhook(`evt_down_${o.sdk}`, {
          sdkOrderId: o.sdk,
          paymentId: o.paymentId,
          amount: product.price,
          currency: product.currency,
        }),
      );
      expect(out.kind, `webhook ${o.sdk}`).toBe('ok');
    }
    const total = epoint.length + card.length;
    await sleep(UNREACHABLE_MS);
    const whileDown = await sql<{ attempts: number; last_error: string | null; status: number }>`
      select j.attempts, j.last_error, o.status from jobs j join orders o on o.id = j.order_id
      where j.kind = 'deliver'`.execute(db);
    expect(whileDown.rows.length, 'delivery jobs').toBe(total);
    expect(
      whileDown.rows.every((r) => r.status === 6),
      'orders still paid, not completed',
    ).toBe(true);
    expect(Object.keys((await game.grants()).deliveries), 'grants while unreachable').toEqual([]);
    const refusedAttempts = Math.min(...whileDown.rows.map((r) => r.attempts));
    expect(refusedAttempts, 'attempts per job while unreachable').toBeGreaterThanOrEqual(2);

    // Reachable again but answering 503 unavailable to everything.
    await game.setSwitches({ failureRate: 1 });
    await proxy.up();
    await sleep(FAILING_MS);
    expect(Object.keys((await game.grants()).deliveries), 'grants while failing').toEqual([]);
    const failing = await sql<{ n: number }>`
      select count(*)::int as n from jobs
      where kind = 'deliver' and last_error like '%navailable%'`.execute(db);

    // Back.
    const backAt = Date.now();
    await game.setSwitches({ failureRate: 0 });
    const drainMs = await waitDrained(db, 60_000);
    const grants = await game.grants();
    const figures = await expectExactlyOnce({ db, grants, players });
    expect(figures.deliveries, 'every paid order delivered').toBe(total);
    const attempts = await sql<{ max: number; min: number; dead: number }>`
      select max(attempts)::int as max, min(attempts)::int as min,
        count(*) filter (where state = 'dead')::int as dead
      from jobs where kind = 'deliver'`.execute(db);
    expect(attempts.rows[0]?.dead, 'dead letters').toBe(0);
    console.log(
      `[faults] game down: ${total} orders paid while down; unreachable ${UNREACHABLE_MS} ms + ` +
        `503 for ${FAILING_MS} ms ` +
        `(${Math.round((backAt - downAt) / 1000)} s outage; jobs with a 503 error: ${failing.rows[0]?.n}); ` +
        `attempts per delivery ${attempts.rows[0]?.min}..${attempts.rows[0]?.max} (limit 12); ` +
        `all delivered ${drainMs} ms after the game came back; ${JSON.stringify(figures)}`,
    );
  });
});
