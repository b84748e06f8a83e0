// Server secrets independent of the public payload key (ADR 0027). POST /api/setting/init gives
// PAYLOAD_KEY to every anonymous visitor, so nothing stored may be readable or recomputable
// with it: not the real-name records, not the verification-code hashes, not the analytics keys.
// Each test takes the key the way an attacker would (from /api/setting/init) and tries it on
// what the database holds.
import { createHash, createHmac, hkdfSync } from 'node:crypto';
import { api, encryptPayload, ErrorCode, type IdentityPayload } from '@hc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDataCipher } from '../src/lib/data-cipher';
import { deriveSessionKey } from '../src/modules/analytics/analytics.signing';
import { createLegacyIdNumberCipher } from '../src/modules/real-name/id-number-cipher';
import { createRealNameCipher } from '../src/modules/real-name/real-name-cipher';
import { call } from './support/call';
import { codeIn, login, makeAccount, startSmtp } from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';

const payload: IdentityPayload = {
  name: 'Lin Mei',
  birthday: '1990-03-07',
  address: '1 Harbour Road, Kowloon',
  phone: '+85291234567',
  email: 'linmei@example.com',
  id_number: '110101199003071234',
  sign_region: 'Guangdong',
  sign_date: '2024-05-01',
};

/** Keys anyone can compute from the payload key (raw, hashed, and the old derivations). */
function payloadDerivedKeys(payloadKey: string): Buffer[] {
  const raw = Buffer.from(payloadKey, 'base64');
  const hkdf = (label: string) => Buffer.from(hkdfSync('sha256', raw, Buffer.alloc(0), label, 32));
  return [
    raw,
    createHash('sha256').update(raw).digest(),
    createHash('sha256').update(payloadKey).digest(),
    hkdf('hc-portal:id-number'),
    hkdf(''),
    hkdf('hc-portal:data'),
    createHmac('sha256', raw).update('hc-analytics-signing-v1').digest(),
  ];
}

describe.each(testDatabases())('server secrets vs the public payload key on %s', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp(kind, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
    await smtp.close();
  });

  /** What an anonymous visitor gets. */
  async function publicPayloadKey(): Promise<string> {
    const key = (await call(t.app, api.settingInit, {})).result.payload_key;
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    return key;
  }

  it('stores the real-name record so that nothing derived from the payload key decrypts it', async () => {
    const payloadKey = await publicPayloadKey();
    const a = await makeAccount(t.database.db);
    const json = await login(t.app, payloadKey, 'account', a.account, a.password);
    const token = json.result.token;
    const saved = await call(
      t.app,
      api.identitySave,
      { data: await encryptPayload(payloadKey, JSON.stringify(payload)) },
      { token },
    );
    expect(saved.code).toBe(ErrorCode.Ok);

    const row = await t.database.db
      .selectFrom('real_name_info')
      .selectAll()
      .where('account_id', '=', a.id)
      .executeTakeFirstOrThrow();
    // No plain value anywhere in the row.
    const text = JSON.stringify(row);
    for (const value of Object.values(payload)) expect(text).not.toContain(value);
    expect(text).not.toContain('19900307');

    const stored = Object.values(row).filter((v): v is string => typeof v === 'string');
    const encrypted = stored.filter((v) => v.length > 40);
    expect(encrypted.length).toBeGreaterThan(0);
    const legacy = createLegacyIdNumberCipher(payloadKey);
    for (const value of encrypted) {
      // The old derivation (HKDF of the payload key) ...
      expect(() => legacy.decrypt(a.id, value)).toThrow();
      // ... and any key made from the payload key, used as the keyring key of the stored id.
      const kid = createDataCipher([{ id: 'x', key: payloadKey }]).keyIdOf(value) ?? 'x';
      for (const key of payloadDerivedKeys(payloadKey)) {
        const guess = createDataCipher([{ id: kid, key: key.toString('base64') }]);
        expect(() => guess.decrypt(value, `real_name_info:${a.id}`)).toThrow();
      }
    }
    // The server's own keyring does decrypt it, and the owner still gets the record.
    expect(createRealNameCipher(t.config.dataKeys).decrypt(a.id, row.info_enc ?? '')).toEqual(
      payload,
    );
    const query = await call(t.app, api.userRealInfoQuery, {}, { token });
    expect(query.result.info).toEqual({
      name: 'Lin Mei',
      birthday: '1990-03-07',
      address: '1 Harbour Road, Kowloon',
      phone: '+8529*****67',
      email: 'l***@example.com',
      id_number: '1101**********1234',
      sign_region: 'Guangdong',
      sign_date: '2024-05-01',
    });
  });

  it('stores verification-code hashes that the payload key cannot recompute; codes still work', async () => {
    const payloadKey = await publicPayloadKey();
    const a = await makeAccount(t.database.db);
    const sent = await call(
      t.app,
      api.userEmailCodeSend,
      { target: a.email, purpose: 'login' },
      { ip: '10.90.0.1' },
    );
    expect(sent.code).toBe(ErrorCode.Ok);
    const code = codeIn(smtp.mails.at(-1)?.raw ?? '');
    expect(code).toMatch(/^\d{6}$/);
    const dest = a.email.toLowerCase();
    const row = await t.database.db
      .selectFrom('verification_codes')
      .select('code_hash')
      .where('destination', '=', dest)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const message = `email\n${dest}\nlogin\n${code}`;
    // Anyone holding the payload key could otherwise try all 10^6 codes offline.
    for (const key of [payloadKey, ...payloadDerivedKeys(payloadKey)])
      expect(createHmac('sha256', key).update(message).digest('hex')).not.toBe(row.code_hash);
    expect(createHmac('sha256', t.config.codeHashSecret).update(message).digest('hex')).toBe(
      row.code_hash,
    );
    const res = await login(t.app, payloadKey, 'email', a.email, code, { ip: '10.90.0.1' });
    expect(res.code).toBe(ErrorCode.Ok);
  });

  it('signs analytics with a secret that is not derived from the payload key', async () => {
    const payloadKey = await publicPayloadKey();
    const secret = t.config.analytics.signingSecret;
    const guesses = [
      payloadKey,
      ...payloadDerivedKeys(payloadKey).flatMap((k) => [
        k.toString('base64url'),
        k.toString('base64'),
      ]),
    ];
    expect(guesses).not.toContain(secret);
    const session = (
      await call(
        t.app,
        api.analyticsSession,
        { device_id: 'secret-test-device' },
        { ip: '10.90.0.2' },
      )
    ).result;
    expect(deriveSessionKey(secret, session.sid, 'secret-test-device').toString('base64url')).toBe(
      session.key,
    );
    for (const guess of guesses)
      expect(
        deriveSessionKey(guess, session.sid, 'secret-test-device').toString('base64url'),
      ).not.toBe(session.key);
  });
});
