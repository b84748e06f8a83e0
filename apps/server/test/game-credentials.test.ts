// Accounts owned by the game (ADR 0043, docs/game-gateway.md `verifyCredentials`): with
// `"credentials": "game"` in the game's GAME_GATEWAYS entry, account + password sign-in with
// that game's `gameid` asks the demo game, creates or refreshes the portal account and its
// binding, maps the game's failures to the usual codes, and answers SystemBusy when the game is
// down, never trying a local password instead.
import { api, encryptPayload, ErrorCode } from '@hc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/call';
import { testDatabases } from './support/databases';
import { startDemoGame, type TestDemoGame } from './support/demo-game';
import { createTestApp, type TestApp } from './support/helper';

describe.each(testDatabases())('game-owned credentials on %s', (kind) => {
  let t: TestApp;
  let game: TestDemoGame;
  beforeAll(async () => {
    game = await startDemoGame();
    t = await createTestApp(kind, {
      env: {
        GAME_GATEWAYS: JSON.stringify({
          '1': { url: game.url, secret: game.secret, credentials: 'game' },
        }),
      },
    });
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await game.close();
  });

  async function signIn(account: string, password: string, gameId: number | null = 1) {
    return call(
      t.app,
      api.userLogin,
      {
        channel_code: 'account',
        account,
        passwd: await encryptPayload(t.config.payloadKey, password),
        encrypt: 1,
      },
      { ...(gameId !== null && { gameId }), ip: '10.7.0.1' },
    );
  }
  const binding = (uid: string) =>
    t.database.db
      .selectFrom('game_accounts')
      .innerJoin('accounts', 'accounts.id', 'game_accounts.account_id')
      .select([
        'accounts.id',
        'accounts.account',
        'accounts.email',
        'accounts.phone',
        'accounts.password_hash',
        'game_accounts.display_name',
      ])
      .where('game_accounts.game_id', '=', 1)
      .where('game_accounts.uid', '=', uid)
      .where('game_accounts.unbound_at', 'is', null)
      .executeTakeFirst();

  it('signs a game player in, creating the portal account and its binding', async () => {
    const res = await signIn('knight', 'Knight!pass1');
    expect(res.code).toBe(0);
    expect(res.result).toMatchObject({ account: 'knight' });
    const bound = await binding('dk-1001');
    expect(bound).toMatchObject({
      id: res.result?.accid,
      account: 'knight',
      email: 'knight@demo-game.example',
      password_hash: null,
      display_name: 'Sir Knight',
    });
    // Again: the same portal account.
    const again = await signIn('knight', 'Knight!pass1');
    expect(again.result?.accid).toBe(res.result?.accid);
  });

  it('keeps following the game: a changed password, contact refreshed on the same account', async () => {
    const first = await signIn('ranger', 'Ranger!pass2');
    expect(first.code).toBe(0);
    expect((await binding('dk-1002'))?.phone).toBe('+15550101002');
    game.state.setPassword('ranger', 'Ranger!pass3');
    expect((await signIn('ranger', 'Ranger!pass2')).code).toBe(ErrorCode.InvalidPassword);
    const second = await signIn('ranger', 'Ranger!pass3');
    expect(second.code).toBe(0);
    expect(second.result?.accid).toBe(first.result?.accid);
  });

  it('answers the usual codes: unknown account, wrong password', async () => {
    expect((await signIn('nobody-here', 'Whatever!1')).code).toBe(ErrorCode.LoginNameNotFound);
    expect((await signIn('mage', 'Wrong!pass1')).code).toBe(ErrorCode.InvalidPassword);
    expect(await binding('dk-1003')).toBeUndefined();
  });

  it('never uses a local password for that game; other sign-ins are unchanged', async () => {
    // The demo account has a local password, but game 1 owns the credentials.
    expect((await signIn('demo', 'demo1234')).code).toBe(ErrorCode.LoginNameNotFound);
    // Without a game, the portal's own password check runs as before.
    expect((await signIn('demo', 'demo1234', null)).code).toBe(0);
  });

  it('answers SystemBusy while the game is down, without a fallback', async () => {
    game.setSwitches({ failureRate: 1 });
    try {
      expect((await signIn('knight', 'Knight!pass1')).code).toBe(ErrorCode.SystemBusy);
      expect((await signIn('demo', 'demo1234')).code).toBe(ErrorCode.SystemBusy);
    } finally {
      game.setSwitches({ failureRate: 0 });
    }
    expect((await signIn('knight', 'Knight!pass1')).code).toBe(0);
  });

  it('binds to a new account when the game name is taken by another portal account', async () => {
    game.state.addCredentials('demo', {
      password: 'GameDemo!1',
      uid: 'dk-2001',
      display_name: 'Other demo',
    });
    const res = await signIn('demo', 'GameDemo!1');
    expect(res.code).toBe(0);
    expect(res.result?.account).toMatch(/^g1_[0-9a-f]{10}$/);
    expect((await binding('dk-2001'))?.id).toBe(res.result?.accid);
  });
});
