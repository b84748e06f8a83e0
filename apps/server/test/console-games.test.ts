// The console's games, gateways, servers and gift codes (docs/console.md#games-and-servers,
// docs/console.md#gift-codes) over the real app: happy paths, bad input changing nothing, audit
// rows with before/after, the gateway secret shown once and sealed at rest, the connection test
// against the demo game, maintenance reaching a second instance's gateway through the
// invalidation bus, gift code generation (unique, batched) and the CSV export. Role refusals and
// CSRF are covered for every console call by console.test.ts.
import { consoleApi, ErrorCode, normaliseGiftCode } from '@hc/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { redeemBatch } from '../src/commands/redeem';
import { reencrypt } from '../src/commands/reencrypt';
import { createContainer, type Container } from '../src/container';
import { createAuditRepository } from '../src/modules/audit/audit.repository';
import { hashCode } from '../src/modules/gift-codes/gift-codes.codes';
import { createGiftCodesRepository } from '../src/modules/gift-codes/gift-codes.repository';
import { consoleCall, signInOperator, type ConsoleClient } from './support/console';
import { testDatabases } from './support/databases';
import { startDemoGame, TEST_GATEWAY_SECRET, type TestDemoGame } from './support/demo-game';
import { createTestApp, type TestApp } from './support/helper';

describe.each(testDatabases())('console games and gift codes on %s', (kind) => {
  let t: TestApp;
  let game: TestDemoGame;
  let ops: ConsoleClient;
  let other: Container;

  beforeAll(async () => {
    game = await startDemoGame();
    t = await createTestApp(kind);
    ops = await signInOperator(t, ['operations']);
    other = createContainer(t.config, { database: t.database, clock: t.clock });
  });

  afterAll(async () => {
    await other.close();
    await t.app.close();
    await t.database.close();
    await game.close();
  });

  const audit = (target: string) => createAuditRepository(t.database.db).list({ target });

  it('lists the demo game with its missing translations', async () => {
    const r = await consoleCall(t.app, consoleApi.consoleGamesList, { page: 1, size: 20 }, ops);
    expect(r.code).toBe(0);
    const g = r.result?.list.find((x) => x.id === 1);
    expect(g?.names['en-US']).toBeTruthy();
    expect(g?.gateway.source).toBe('none');
  });

  it('creates and updates a game, audited with before/after; bad input changes nothing', async () => {
    const created = await consoleCall(
      t.app,
      consoleApi.consoleGamesCreate,
      {
        id: 77,
        names: { 'en-US': 'Star Saga', 'zh-CN': '星之传说' },
        icons: {},
        platforms: ['pc'],
        sort: 5,
      },
      ops,
    );
    expect(created.code).toBe(0);
    expect(created.result?.missingLanguages).toHaveLength(7);
    const again = await consoleCall(
      t.app,
      consoleApi.consoleGamesCreate,
      { id: 77, names: { 'en-US': 'X' }, icons: {}, platforms: [], sort: 0 },
      ops,
    );
    expect(again.code).toBe(ErrorCode.GameIdTaken);

    const bad = await consoleCall(
      t.app,
      consoleApi.consoleGamesUpdate,
      { id: 77, names: { 'zh-CN': '只有中文' } },
      ops,
    );
    expect(bad.code).toBe(ErrorCode.InvalidParams);
    const badIcon = await consoleCall(
      t.app,
      consoleApi.consoleGamesUpdate,
      { id: 77, icons: { 'en-US': 'javascript:alert(1)' } },
      ops,
    );
    expect(badIcon.code).toBe(ErrorCode.InvalidParams);
    const unchanged = await consoleCall(t.app, consoleApi.consoleGamesGet, { id: 77 }, ops);
    expect(unchanged.result?.names).toEqual({ 'en-US': 'Star Saga', 'zh-CN': '星之传说' });

    const updated = await consoleCall(
      t.app,
      consoleApi.consoleGamesUpdate,
      {
        id: 77,
        names: { 'en-US': 'Star Saga II', 'de-DE': 'Sternensaga' },
        platforms: ['pc', 'ios'],
      },
      ops,
    );
    expect(updated.result?.names['de-DE']).toBe('Sternensaga');
    expect(updated.result?.platforms).toEqual(['pc', 'ios']);
    const rows = await audit('game:77');
    expect(rows.map((r) => r.action)).toEqual(['game.update', 'game.create']);
    expect(rows[0]).toMatchObject({
      actorKind: 'operator',
      actor: ops.name,
      before: { names: { 'en-US': 'Star Saga', 'zh-CN': '星之传说' } },
      after: {
        names: { 'en-US': 'Star Saga II', 'de-DE': 'Sternensaga' },
        platforms: ['pc', 'ios'],
      },
    });
  });

  it('refuses a change without the CSRF token and changes nothing', async () => {
    const r = await consoleCall(t.app, consoleApi.consoleGamesUpdate, { id: 77, sort: 9 }, ops, {
      csrf: null,
    });
    expect(r.code).toBe(ErrorCode.ConsoleCsrfFailed);
    const g = await consoleCall(t.app, consoleApi.consoleGamesGet, { id: 77 }, ops);
    expect(g.result?.sort).toBe(5);
  });

  it('sets a gateway (secret shown once, sealed at rest), rotates it and tests the connection', async () => {
    const set = await consoleCall(
      t.app,
      consoleApi.consoleGamesGatewaySet,
      { gameId: 1, url: game.url },
      ops,
    );
    expect(set.code).toBe(0);
    expect(set.result?.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(set.result?.gateway.source).toBe('database');
    const stored = await t.database.db.selectFrom('game_gateways').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(set.result?.secret);
    const got = await consoleCall(t.app, consoleApi.consoleGamesGet, { id: 1 }, ops);
    expect(JSON.stringify(got.result)).not.toContain(set.result?.secret);

    // The generated secret is not the demo game's: the game refuses the signature.
    const refused = await consoleCall(
      t.app,
      consoleApi.consoleGamesGatewayTest,
      { gameId: 1 },
      ops,
    );
    expect(refused.result?.ok).toBe(false);
    expect(refused.result?.error).toMatch(/HTTP 401/);

    const rotated = await consoleCall(
      t.app,
      consoleApi.consoleGamesGatewayRotate,
      { gameId: 1, secret: TEST_GATEWAY_SECRET },
      ops,
    );
    expect(rotated.result?.secret).toBe(TEST_GATEWAY_SECRET);
    expect(rotated.result?.gateway.keyFingerprint).not.toBe(set.result?.gateway.keyFingerprint);
    const ok = await consoleCall(t.app, consoleApi.consoleGamesGatewayTest, { gameId: 1 }, ops);
    expect(ok.result).toMatchObject({ ok: true, servers: 3 });
    expect(ok.result?.latencyMs).toBeGreaterThanOrEqual(0);

    const rows = await audit('game:1');
    expect(rows[0]).toMatchObject({
      action: 'game.gateway.rotate',
      before: { keyFingerprint: set.result?.gateway.keyFingerprint },
      after: { keyFingerprint: rotated.result?.gateway.keyFingerprint },
    });
    expect(JSON.stringify(rows)).not.toContain(TEST_GATEWAY_SECRET);

    const tooShort = await consoleCall(
      t.app,
      consoleApi.consoleGamesGatewayRotate,
      { gameId: 1, secret: 'short' },
      ops,
    );
    expect(tooShort.code).toBe(ErrorCode.InvalidParams);
    const notSet = await consoleCall(
      t.app,
      consoleApi.consoleGamesGatewayRotate,
      { gameId: 77 },
      ops,
    );
    expect(notSet.code).toBe(ErrorCode.GameGatewayNotSet);
  });

  it('the database gateway wins over GAME_GATEWAYS on another instance, at once', async () => {
    // `other` is built from config without GAME_GATEWAYS: its gateway is the console's entry.
    expect(await other.gateway.has(1)).toBe(true);
    expect((await other.gateway.listServers(1)).map((s) => s.server_id)).toEqual([1, 2, 3]);
  });

  it('syncs servers from the gateway and puts one in maintenance with a bulletin', async () => {
    const synced = await consoleCall(t.app, consoleApi.consoleServersSync, { gameId: 1 }, ops);
    expect(synced.result).toEqual({ added: 3, renamed: 0, total: 3 });
    const list = await consoleCall(
      t.app,
      consoleApi.consoleServersList,
      { gameId: 1, page: 1, size: 10 },
      ops,
    );
    expect(list.result?.list.map((s) => s.name)).toEqual(['Dawn', 'Tide', 'Ember']);

    // Seen by the other instance (its kept switches) before and after.
    expect((await other.gateway.listServers(1)).find((s) => s.server_id === 1)?.state).toBe(0);

    const noMessage = await consoleCall(
      t.app,
      consoleApi.consoleServersUpdate,
      { gameId: 1, serverId: 1, state: 'maintenance', postBulletin: true },
      ops,
    );
    expect(noMessage.code).toBe(ErrorCode.InvalidParams);
    const bulletinsBefore = await t.database.db.selectFrom('bulletins').select('id').execute();

    const r = await consoleCall(
      t.app,
      consoleApi.consoleServersUpdate,
      {
        gameId: 1,
        serverId: 1,
        state: 'maintenance',
        maintenanceMessage: { 'en-US': 'Back at 10:00 <UTC>', 'zh-CN': 'UTC 10:00 恢复' },
        postBulletin: true,
      },
      ops,
    );
    expect(r.code).toBe(0);
    expect(r.result?.server.state).toBe('maintenance');
    const bulletin = await t.database.db
      .selectFrom('bulletins')
      .selectAll()
      .where('id', '=', r.result?.bulletinId ?? 0)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(bulletin.texts)).toContain('Back at 10:00 &lt;UTC&gt;');
    expect((await t.database.db.selectFrom('bulletins').select('id').execute()).length).toBe(
      bulletinsBefore.length + 1,
    );
    await vi.waitFor(async () =>
      expect((await other.gateway.listServers(1)).find((s) => s.server_id === 1)?.state).toBe(1),
    );
    const rows = await audit('game_server:1:1');
    expect(rows.map((x) => x.action)).toEqual(['game.server.update']);
    expect(rows[0]).toMatchObject({
      before: { state: 'open' },
      after: { state: 'maintenance', bulletinId: r.result?.bulletinId },
    });

    await consoleCall(
      t.app,
      consoleApi.consoleServersUpdate,
      { gameId: 1, serverId: 1, state: 'open' },
      ops,
    );
    await vi.waitFor(async () =>
      expect((await other.gateway.listServers(1)).find((s) => s.server_id === 1)?.state).toBe(0),
    );
    const unknown = await consoleCall(
      t.app,
      consoleApi.consoleServersUpdate,
      { gameId: 1, serverId: 999, state: 'open' },
      ops,
    );
    expect(unknown.code).toBe(ErrorCode.ServerNotFound);
  });

  it('creates a campaign, generates unique codes in batches, exports and revokes them', async () => {
    const bad = await consoleCall(
      t.app,
      consoleApi.consoleGiftCampaignsCreate,
      {
        gameId: 1,
        name: 'Bad window',
        kind: 'single',
        reward: { type: 'points', points: 100 },
        perAccountLimit: 1,
        totalCap: null,
        startsAt: 2_000_000_000,
        expiresAt: 1_900_000_000,
      },
      ops,
    );
    expect(bad.code).toBe(ErrorCode.InvalidParams);
    const noPack = await consoleCall(
      t.app,
      consoleApi.consoleGiftCampaignsCreate,
      {
        gameId: 1,
        name: 'No pack',
        kind: 'single',
        reward: { type: 'items', cpGoodsId: 'no_such_pack' },
        perAccountLimit: 1,
        totalCap: null,
      },
      ops,
    );
    expect(noPack.code).toBe(ErrorCode.GiftCampaignInvalid);
    const batchesBefore = await createGiftCodesRepository(t.database.db).countBatches();

    const created = await consoleCall(
      t.app,
      consoleApi.consoleGiftCampaignsCreate,
      {
        gameId: 1,
        name: 'Launch points',
        kind: 'single',
        reward: { type: 'points', points: 100 },
        perAccountLimit: 1,
        totalCap: 1500,
      },
      ops,
    );
    expect(created.code).toBe(0);
    expect(await createGiftCodesRepository(t.database.db).countBatches()).toBe(batchesBefore + 1);
    const id = created.result?.campaign.id ?? 0;
    expect(created.result?.campaign.status).toBe('active');

    const gen = await consoleCall(
      t.app,
      consoleApi.consoleGiftCodesGenerate,
      { campaignId: id, count: 2300 },
      ops,
    );
    expect(gen.code).toBe(0);
    expect(gen.result?.generated).toBe(2300);
    expect(gen.result?.campaign.usage).toMatchObject({
      codes: 2300,
      redeemed: 0,
      remaining: 1500,
      exportable: 2300,
    });
    // One audit row per batch (1000 + 1000 + 300), each in its transaction.
    const genRows = (await audit(`gift_campaign:${id}`)).filter(
      (r) => r.action === 'gift_code.generate',
    );
    expect(genRows.map((r) => r.after)).toEqual([
      { generated: 300 },
      { generated: 1000 },
      { generated: 1000 },
    ]);

    const csv = await consoleCall(
      t.app,
      consoleApi.consoleGiftCodesExport,
      { campaignId: id },
      ops,
    );
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toMatch(/^text\/csv/);
    const lines = csv.text.trim().split('\n');
    expect(lines[0]).toBe('code,campaign_id,status,uses,expires_at');
    expect(lines).toHaveLength(2301);
    const codes = lines.slice(1).map((l) => l.split(',')[0] ?? '');
    expect(new Set(codes).size).toBe(2300);
    expect(codes.every((c) => /^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/.test(c))).toBe(true);
    // Only hashes and sealed codes are stored.
    const stored = await t.database.db
      .selectFrom('redeem_codes')
      .select(['code_hash', 'code_enc'])
      .where('batch_id', '=', id)
      .execute();
    expect(stored.map((s) => s.code_hash).sort()).toEqual(codes.map(hashCode).sort());
    expect(JSON.stringify(stored)).not.toContain(normaliseGiftCode(codes[0] ?? ''));

    const revoked = await consoleCall(
      t.app,
      consoleApi.consoleGiftCodesRevoke,
      { campaignId: id, code: codes[0] ?? '' },
      ops,
    );
    expect(revoked.result?.campaign.usage.revoked).toBe(1);
    const wrong = await consoleCall(
      t.app,
      consoleApi.consoleGiftCodesRevoke,
      { campaignId: id, code: 'NOTACODE99' },
      ops,
    );
    expect(wrong.code).toBe(ErrorCode.GiftCodeNotFound);

    const updated = await consoleCall(
      t.app,
      consoleApi.consoleGiftCampaignsUpdate,
      { id, name: 'Launch points (extended)', totalCap: null },
      ops,
    );
    expect(updated.result?.name).toBe('Launch points (extended)');
    const campaignRows = await audit(`gift_campaign:${id}`);
    expect(campaignRows[0]).toMatchObject({
      action: 'gift_campaign.update',
      before: { name: 'Launch points', totalCap: 1500 },
      after: { name: 'Launch points (extended)', totalCap: null },
    });
    expect(campaignRows.some((r) => r.action === 'gift_code.export')).toBe(true);

    const all = await consoleCall(t.app, consoleApi.consoleGiftCampaignsRevoke, { id }, ops);
    expect(all.result?.status).toBe('revoked');
    expect(all.result?.usage.remaining).toBe(0);
    const twice = await consoleCall(t.app, consoleApi.consoleGiftCampaignsRevoke, { id }, ops);
    expect(twice.code).toBe(ErrorCode.GiftCampaignRevoked);
    const listed = await consoleCall(
      t.app,
      consoleApi.consoleGiftCampaignsList,
      { status: 'revoked', page: 1, size: 10 },
      ops,
    );
    expect(listed.result?.list.map((c) => c.id)).toContain(id);
  });

  it('a shared campaign has one chosen code; a taken code is refused', async () => {
    const r = await consoleCall(
      t.app,
      consoleApi.consoleGiftCampaignsCreate,
      {
        gameId: 1,
        name: 'Welcome',
        kind: 'shared',
        reward: { type: 'points', points: 50 },
        perAccountLimit: 1,
        totalCap: 10,
        code: 'spring-fest-2026',
      },
      ops,
    );
    expect(r.result?.code).toBe('SPRINGFEST2026');
    expect(r.result?.campaign.usage).toMatchObject({ codes: 1, remaining: 10 });
    const gen = await consoleCall(
      t.app,
      consoleApi.consoleGiftCodesGenerate,
      { campaignId: r.result?.campaign.id ?? 0, count: 5 },
      ops,
    );
    expect(gen.code).toBe(ErrorCode.GiftCampaignInvalid);
    const taken = await consoleCall(
      t.app,
      consoleApi.consoleGiftCampaignsCreate,
      {
        gameId: 1,
        name: 'Welcome again',
        kind: 'shared',
        reward: { type: 'points', points: 50 },
        perAccountLimit: 1,
        totalCap: null,
        code: 'SPRINGFEST2026',
      },
      ops,
    );
    expect(taken.code).toBe(ErrorCode.GiftCodeTaken);
  });

  it('the redeem-batch and reencrypt commands write audit rows with actor cli', async () => {
    const out: string[] = [];
    const ctx = { container: other, out: (l: string) => void out.push(l) };
    expect(
      await redeemBatch.run(ctx, [
        '--game',
        '1',
        '--product',
        'pack_starter',
        '--kind',
        'single',
        '--count',
        '3',
      ]),
    ).toBe(0);
    const rows = await createAuditRepository(t.database.db).list({ actor: 'cli' });
    const made = rows.find((r) => r.action === 'gift_campaign.create');
    expect(made).toMatchObject({ actorKind: 'cli', after: { codes: 3, kind: 'single' } });
    // The printed codes are never in the audit log.
    expect(JSON.stringify(rows)).not.toContain(out[0]);
    await reencrypt.run(ctx, []);
    const again = await createAuditRepository(t.database.db).list({ actor: 'cli' });
    expect(again[0]).toMatchObject({ action: 'data.reencrypt', actorKind: 'cli' });
  });
});
