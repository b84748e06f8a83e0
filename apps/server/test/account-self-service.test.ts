// Account self-service (ADR 0049) over the real app: changing the password (other sessions end,
// this one stays, a notice in the account's language, throttled like login), a new email or
// phone checked by a code sent to it, unlinking social sign-ins (never the last way in), the
// signed-in devices, the data download, and deletion (sessions end, a sign-in during the grace
// period cancels it, afterwards the erasure keeps the money records anonymised).
import { api, encryptPayload, ErrorCode } from '@hc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbox } from '../src/adapters/outbox/outbox';
import { createAccountsRepository } from '../src/modules/auth/accounts.repository';
import { createSocialRepository } from '../src/modules/auth/social.repository';
import { login, makeAccount } from './support/auth-fixtures';
import { call } from './support/call';
import { testWorker } from './support/container';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';

const UA_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

describe.each(testDatabases())('account self-service on %s', (kind) => {
  let t: TestApp;
  let key: string;
  let ipSeq = 0;
  const freshIp = () => `198.51.100.${(ipSeq += 1)}`;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: {
        DEV_OUTBOX: 'true',
        ACCOUNT_DELETION_GRACE_DAYS: '14',
        SESSION_SINGLE_DEVICE: 'false',
      },
    });
    key = t.config.payloadKey;
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
  });

  async function signedIn(password = 'Str0ng!pass') {
    const acct = await makeAccount(t.database.db, password);
    const r = await login(t.app, key, 'account', acct.account, password, { ip: freshIp() });
    expect(r.code).toBe(0);
    return { ...acct, token: r.result?.token ?? '' };
  }

  async function outboxTo(recipient: string) {
    const all = await createOutbox({ db: t.database.db }).list();
    return all.filter((m) => m.recipient.toLowerCase() === recipient.toLowerCase());
  }

  const enc = async (value: unknown) => ({
    data: await encryptPayload(key, JSON.stringify(value)),
  });

  it('shows the profile to its owner', async () => {
    const p = await signedIn();
    const r = await call(t.app, api.userProfile, {}, { token: p.token });
    expect(r.code).toBe(0);
    expect(r.result).toMatchObject({
      account: p.account,
      email: p.email.toLowerCase(),
      phone: p.phone,
      has_password: true,
      social: [],
    });
  });

  it('changes the password: other sessions end, this one stays, a notice in the account language', async () => {
    const p = await signedIn();
    const other = await login(t.app, key, 'account', p.account, p.password, { ip: freshIp() });
    const body = await enc({ old_passwd: p.password, passwd: 'N3w!secret', passwd2: 'N3w!secret' });
    const r = await call(t.app, api.userPasswordChange, body, {
      token: p.token,
      headers: { lang: 'de-DE' },
    });
    expect(r.code).toBe(0);
    expect((await call(t.app, api.userProfile, {}, { token: p.token })).code).toBe(0);
    const ended = await call(t.app, api.userProfile, {}, { token: other.result?.token ?? '' });
    expect(ended.code).toBe(ErrorCode.tokenFail);
    const mails = await outboxTo(p.email);
    expect(mails[0]?.subject).toBe('Ihr Passwort wurde geändert');
    const again = await login(t.app, key, 'account', p.account, 'N3w!secret', { ip: freshIp() });
    expect(again.code).toBe(0);
  });

  it('refuses a wrong old password, a weak, common or unchanged new one', async () => {
    const p = await signedIn();
    const ask = async (v: unknown) =>
      (await call(t.app, api.userPasswordChange, await enc(v), { token: p.token })).code;
    expect(
      await ask({ old_passwd: 'Wr0ng!pass', passwd: 'N3w!secret', passwd2: 'N3w!secret' }),
    ).toBe(ErrorCode.InvalidPassword);
    expect(await ask({ old_passwd: p.password, passwd: 'short', passwd2: 'short' })).toBe(
      ErrorCode.PasswordFormatMismatch,
    );
    expect(await ask({ old_passwd: p.password, passwd: 'Password1', passwd2: 'Password1' })).toBe(
      ErrorCode.PasswordFormatMismatch,
    );
    expect(await ask({ old_passwd: p.password, passwd: p.password, passwd2: p.password })).toBe(
      ErrorCode.PasswordUnchanged,
    );
    expect(await ask({ old_passwd: p.password, passwd: 'N3w!secret', passwd2: 'N3w!other' })).toBe(
      ErrorCode.InvalidParams,
    );
  });

  it('throttles wrong old passwords like login', async () => {
    const p = await signedIn();
    const body = await enc({
      old_passwd: 'Wr0ng!pass',
      passwd: 'N3w!secret',
      passwd2: 'N3w!secret',
    });
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await call(t.app, api.userPasswordChange, body, { token: p.token, ip })).code);
    expect(codes.slice(0, 5)).toEqual(Array(5).fill(ErrorCode.InvalidPassword));
    expect(codes[5]).toBe(ErrorCode.TooManyRequests);
  });

  it('changes the email with a code sent to the new address and tells the old one', async () => {
    const p = await signedIn();
    const target = `new-${p.account}@example.org`;
    const sent = await call(
      t.app,
      api.userContactCodeSend,
      { channel: 'email', target },
      { token: p.token, headers: { lang: 'ja-JP' } },
    );
    expect(sent.code).toBe(0);
    const code = /(\d{6})/.exec((await outboxTo(target))[0]?.body ?? '')?.[1] ?? '';
    const wrong = await call(
      t.app,
      api.userContactChange,
      { channel: 'email', target, code: code === '000000' ? '111111' : '000000' },
      { token: p.token },
    );
    expect(wrong.code).toBe(ErrorCode.InvalidEmailCode);
    const r = await call(
      t.app,
      api.userContactChange,
      { channel: 'email', target, code },
      { token: p.token, headers: { lang: 'ja-JP' } },
    );
    expect(r.code).toBe(0);
    expect(r.result?.email).toBe(target);
    const notice = (await outboxTo(p.email))[0];
    expect(notice?.subject).toBe('メールアドレスが変更されました');
    expect(notice?.body).toContain(target);
  });

  it('refuses an address another account has, and the account’s own', async () => {
    const p = await signedIn();
    const q = await signedIn();
    const taken = await call(
      t.app,
      api.userContactCodeSend,
      { channel: 'phone', target: q.phone },
      { token: p.token },
    );
    expect(taken.code).toBe(ErrorCode.PhoneInUse);
    const mine = await call(
      t.app,
      api.userContactCodeSend,
      { channel: 'email', target: p.email },
      { token: p.token },
    );
    expect(mine.code).toBe(ErrorCode.ContactUnchanged);
  });

  it('never unlinks the last way in', async () => {
    const accounts = createAccountsRepository(t.database.db);
    const social = createSocialRepository(t.database.db);
    const id = await accounts.insert({ account: `social_${Date.now()}` });
    await social.linkIdentity({
      accountId: id,
      provider: 'google',
      subject: `sub-${id}`,
      name: 'Aria',
      email: null,
      now: t.clock.now(),
    });
    const { createSession } = await import('../src/modules/auth/sessions.service');
    const token = await createSession(t.database.db, id, { remember: false, clock: t.clock });
    const last = await call(t.app, api.userSocialUnlink, { provider: 'google' }, { token });
    expect(last.code).toBe(ErrorCode.LastSignInMethod);
    const none = await call(t.app, api.userSocialUnlink, { provider: 'apple' }, { token });
    expect(none.code).toBe(ErrorCode.SocialNotLinked);
    await social.linkIdentity({
      accountId: id,
      provider: 'apple',
      subject: `apple-${id}`,
      name: null,
      email: null,
      now: t.clock.now(),
    });
    const ok = await call(t.app, api.userSocialUnlink, { provider: 'google' }, { token });
    expect(ok.code).toBe(0);
    expect(ok.result?.social.map((s) => s.provider)).toEqual(['apple']);
    const unavailable = await call(
      t.app,
      api.userSocialLinkStart,
      { provider: 'wechat' },
      { token },
    );
    expect(unavailable.code).toBe(ErrorCode.SocialProviderUnavailable);
  });

  it('lists signed-in devices with masked addresses and ends one, or the current one', async () => {
    const p = await signedIn();
    const other = await login(t.app, key, 'account', p.account, p.password, { ip: '203.0.113.77' });
    const otherToken = other.result?.token ?? '';
    await call(
      t.app,
      api.userProfile,
      {},
      {
        token: otherToken,
        ip: '203.0.113.77',
        headers: { 'user-agent': UA_ANDROID },
      },
    );
    const list = await call(t.app, api.userSessionList, {}, { token: p.token });
    expect(list.code).toBe(0);
    const rows = list.result?.list ?? [];
    expect(rows).toHaveLength(2);
    expect(rows[0]?.current).toBe(true);
    expect(rows[1]).toMatchObject({ browser: 'Chrome', os: 'Android', ip: '203.0.113.*' });
    const end = await call(t.app, api.userSessionEnd, { id: rows[1]?.id ?? 0 }, { token: p.token });
    expect(end.result).toEqual({ success: true, current: false });
    expect((await call(t.app, api.userProfile, {}, { token: otherToken })).code).toBe(
      ErrorCode.tokenFail,
    );
    const again = await call(
      t.app,
      api.userSessionEnd,
      { id: rows[1]?.id ?? 0 },
      { token: p.token },
    );
    expect(again.code).toBe(ErrorCode.SessionNotFound);
    const self = await call(
      t.app,
      api.userSessionEnd,
      { id: rows[0]?.id ?? 0 },
      { token: p.token },
    );
    expect(self.result).toEqual({ success: true, current: true });
    expect((await call(t.app, api.userProfile, {}, { token: p.token })).code).toBe(
      ErrorCode.tokenFail,
    );
  });

  it('downloads the data as a JSON file', async () => {
    const p = await signedIn();
    const res = await t.app.inject({
      method: 'POST',
      url: api.userDataExport.path,
      headers: { token: p.token, 'content-type': 'application/json' },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="hc-portal-data-${p.account}-2026-01-15.json"`,
    );
    const doc = res.json<Record<string, unknown>>();
    expect(doc).toMatchObject({
      format: 'hc-portal-data/1',
      profile: { login_name: p.account, has_password: true },
      orders: [],
      real_name: null,
    });
    expect(JSON.stringify(doc)).not.toMatch(/argon2|token_hash/);
  });

  it('deletion: refused without the right confirmation, cancelled by a sign-in', async () => {
    const p = await signedIn();
    const wrong = await call(
      t.app,
      api.userDeletionRequest,
      await enc({ confirm: 'someone-else', passwd: p.password }),
      { token: p.token },
    );
    expect(wrong.code).toBe(ErrorCode.DeletionConfirmMismatch);
    const r = await call(
      t.app,
      api.userDeletionRequest,
      await enc({ confirm: p.account, passwd: p.password }),
      { token: p.token },
    );
    expect(r.code).toBe(0);
    expect(r.result?.erase_ts).toBe(Math.floor(t.clock.now().getTime() / 1000) + 14 * 86_400);
    expect((await call(t.app, api.userProfile, {}, { token: p.token })).code).toBe(
      ErrorCode.tokenFail,
    );
    expect((await outboxTo(p.email))[0]?.subject).toMatch(/will be deleted on/);
    const back = await login(t.app, key, 'account', p.account, p.password, { ip: freshIp() });
    expect(back.code).toBe(0);
    expect((await outboxTo(p.email))[0]?.subject).toBe('Your account will not be deleted');
    const row = await createAccountsRepository(t.database.db).findById(p.id);
    expect(row?.deletionDueAt).toBeNull();
    // The queued erasure finds nothing to do once its day comes.
    t.clock.advance(15 * 86_400_000);
    await testWorker(t).runJobs();
    expect((await createAccountsRepository(t.database.db).findById(p.id))?.account).toBe(p.account);
    t.clock.set(new Date('2026-01-15T08:00:00Z'));
  });

  it('deletion: after the grace period personal data is erased, money records stay', async () => {
    const p = await signedIn();
    await call(
      t.app,
      api.userContactCodeSend,
      { channel: 'email', target: 'x@example.net' },
      {
        token: p.token,
      },
    );
    const r = await call(
      t.app,
      api.userDeletionRequest,
      await enc({ confirm: p.account, passwd: p.password }),
      { token: p.token, ip: '192.0.2.9' },
    );
    expect(r.code).toBe(0);
    t.clock.advance(14 * 86_400_000 + 1000);
    await testWorker(t).runJobs();
    const db = t.database.db;
    const account = await db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({
      account: `deleted-${p.id}`,
      email: null,
      phone: null,
      password_hash: null,
      deletion_due_at: null,
    });
    expect(account.erased_at).not.toBeNull();
    const sessions = await db
      .selectFrom('sessions')
      .select('id')
      .where('account_id', '=', p.id)
      .execute();
    expect(sessions).toEqual([]);
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'actor_kind'])
      .where('target', '=', `account:${p.id}`)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'account.deletion_request', actor_kind: 'player' },
      { action: 'account.erase', actor_kind: 'player' },
    ]);
    const back = await login(t.app, key, 'account', p.account, p.password, { ip: freshIp() });
    expect(back.code).toBe(ErrorCode.LoginNameNotFound);
    t.clock.set(new Date('2026-01-15T08:00:00Z'));
  });
});
