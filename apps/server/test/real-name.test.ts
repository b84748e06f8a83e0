// Real-name information over the real server (docs/product/account.md#account-screen, docs/product/account.md#real-name-information Real-name
// information, docs/product/api.md#payload-encryption, docs/product/api.md#account-calls /api/user/real/info/query and /api/identity/save): none ->
// null, save -> masked answer, the record only encrypted at rest, tampered payloads refused.
import { api, encryptPayload, ErrorCode, type IdentityPayload } from '@hc/contract';
import { describe, expect, it } from 'vitest';
import { createRealNameCipher } from '../src/modules/real-name/real-name-cipher';
import { call } from './support/call';
import { login, makeAccount } from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { useTestApp } from './support/helper';

const ID_NUMBER = '110101199003071234';

const payload: IdentityPayload = {
  name: 'Lin Mei',
  birthday: '1990-03-07',
  address: '1 Harbour Road, Hong Kong',
  phone: '+85291234567',
  email: 'linmei@example.com',
  id_number: ID_NUMBER,
  sign_region: 'Hong Kong',
  sign_date: '2024-05-01',
};

describe.each(testDatabases())('real-name information on %s', (kind) => {
  const t = useTestApp(kind);

  async function signedIn() {
    const { app, config, database } = t.current;
    const a = await makeAccount(database.db);
    const json = await login(app, config.payloadKey, 'account', a.account, a.password);
    return { id: a.id, token: json.result.token };
  }

  const encrypted = async (value: unknown) =>
    encryptPayload(t.current.config.payloadKey, JSON.stringify(value));
  const query = (token: string) => call(t.current.app, api.userRealInfoQuery, {}, { token });
  const save = (token: string, data: string) =>
    call(t.current.app, api.identitySave, { data }, { token });
  const row = (accountId: number) =>
    t.current.database.db
      .selectFrom('real_name_info')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst();

  it('answers info null when nothing is saved', async () => {
    const a = await signedIn();
    const json = await query(a.token);
    expect(json).toMatchObject({ code: ErrorCode.Ok, result: { info: null } });
  });

  it('saves and answers the masked information; the row holds no plaintext field', async () => {
    const a = await signedIn();
    const saved = await save(a.token, await encrypted(payload));
    const masked = {
      name: 'Lin Mei',
      birthday: '1990-03-07',
      address: '1 Harbour Road, Hong Kong',
      phone: '+8529*****67',
      email: 'l***@example.com',
      id_number: '1101**********1234',
      sign_region: 'Hong Kong',
      sign_date: '2024-05-01',
    };
    expect(saved).toMatchObject({ code: ErrorCode.Ok, result: { info: masked } });
    expect((await query(a.token)).result.info).toEqual(masked);

    const stored = await row(a.id);
    expect(stored).toBeDefined();
    expect(JSON.stringify(stored)).not.toContain(ID_NUMBER);
    expect(JSON.stringify(stored)).not.toContain('19900307');
    expect(JSON.stringify(stored)).not.toContain('Lin Mei');
    expect(stored?.id_number_masked).toBeNull();
    // The whole record under the DATA_KEY keyring (ADR 0027).
    const cipher = createRealNameCipher(t.current.config.dataKeys);
    expect(cipher.decrypt(a.id, stored?.info_enc ?? '')).toEqual(payload);
    // Bound to its account: the same ciphertext does not decrypt for another account.
    expect(() => cipher.decrypt(a.id + 1, stored?.info_enc ?? '')).toThrow();
  });

  it('replaces the saved information on a second save (one row per account)', async () => {
    const a = await signedIn();
    await save(a.token, await encrypted(payload));
    const second = await save(
      a.token,
      await encrypted({ ...payload, address: 'New Street 2', id_number: 'P1234567' }),
    );
    expect(second.result.info).toMatchObject({
      address: 'New Street 2',
      id_number: 'P1****67',
    });
    const rows = await t.current.database.db
      .selectFrom('real_name_info')
      .select('account_id')
      .where('account_id', '=', a.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps each account to its own information', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await save(a.token, await encrypted(payload));
    expect((await query(b.token)).result.info).toBeNull();
  });

  it('refuses a tampered, undecryptable or invalid payload and stores nothing', async () => {
    const a = await signedIn();
    const good = await encrypted(payload);
    const flipped = good.slice(0, -6) + (good.at(-6) === 'A' ? 'B' : 'A') + good.slice(-5);
    const otherKey = await encryptPayload(
      Buffer.alloc(32, 7).toString('base64'),
      JSON.stringify(payload),
    );
    for (const data of [
      flipped,
      otherKey,
      'not-a-payload',
      await encryptPayload(t.current.config.payloadKey, 'not json'),
    ]) {
      const json = await save(a.token, data);
      expect(json.code).toBe(ErrorCode.InvalidParams);
      expect(json.data).toMatchObject({ reason: 'payload' });
    }
    const invalid = await save(a.token, await encrypted({ ...payload, birthday: '07/03/1990' }));
    expect(invalid.code).toBe(ErrorCode.InvalidParams);
    expect(invalid.data).toMatchObject({
      issues: [expect.objectContaining({ path: 'birthday' })],
    });
    expect(JSON.stringify(invalid)).not.toContain(ID_NUMBER);
    expect(await row(a.id)).toBeUndefined();
  });

  it('answers 203 tokenFail without a session', async () => {
    for (const res of [
      await call(t.current.app, api.userRealInfoQuery, {}),
      await call(t.current.app, api.identitySave, { data: await encrypted(payload) }),
    ]) {
      expect(res.status).toBe(203);
      expect(res.code).toBe(ErrorCode.tokenFail);
    }
  });
});
