// `npm run portal -- reencrypt` and the start-up legacy conversion (ADR 0027): real-name rows
// under an older DATA_KEY key and legacy rows (plain columns, the ID number under the old
// payload-key-derived cipher) all end under the first key; a second run changes nothing; the
// records still read back through the API once the old key is dropped.
import { randomBytes } from 'node:crypto';
import { api, encryptPayload, ErrorCode, type IdentityPayload } from '@hc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { reencrypt } from '../src/commands/reencrypt';
import { call } from './support/call';
import { testContainer } from './support/container';
import type { CommandContext } from '../src/commands/types';
import type { Config } from '../src/config';
import { createLegacyIdNumberCipher } from '../src/modules/real-name/id-number-cipher';
import { reencryptRealNames } from '../src/modules/real-name/real-name-reencrypt';
import { login, makeAccount } from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { createTestApp, testConfig, type TestApp } from './support/helper';

const K1 = `k1:${randomBytes(32).toString('base64')}`;
const K2 = `k2:${randomBytes(32).toString('base64')}`;

const person = (n: number): IdentityPayload => ({
  name: `Person ${n} Plainname`,
  birthday: `1990-01-${String(10 + n).padStart(2, '0')}`,
  address: `${n} Legacy Street`,
  phone: `+8529123456${n}`,
  email: `person${n}@example.com`,
  id_number: `ID-NUMBER-${n}-987654`,
  sign_region: `Region ${n}`,
  sign_date: '2024-05-01',
});

describe.each(testDatabases())('reencrypt on %s', (kind) => {
  let t: TestApp;
  const players: Array<{ id: number; account: string; password: string; p: IdentityPayload }> = [];
  beforeAll(async () => {
    // Written by a server whose keyring was k1 only.
    t = await createTestApp(kind, { env: { DATA_KEY: K1 } });
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
  });

  const db = () => t.database.db;
  const rows = () => db().selectFrom('real_name_info').selectAll().orderBy('account_id').execute();

  function context(config: Config, lines: string[]): CommandContext {
    return {
      container: testContainer({ config, database: t.database, clock: t.clock, log: t.app.log }),
      out: (line) => void lines.push(line),
    };
  }

  async function saveThroughApi(p: IdentityPayload) {
    const a = await makeAccount(db());
    const json = await login(t.app, t.config.payloadKey, 'account', a.account, a.password);
    const res = await call(
      t.app,
      api.identitySave,
      { data: await encryptPayload(t.config.payloadKey, JSON.stringify(p)) },
      { token: json.result.token },
    );
    expect(res.code).toBe(ErrorCode.Ok);
    players.push({ ...a, p });
  }

  /** A row as the code before migration 0008 wrote it. */
  async function insertLegacy(p: IdentityPayload, payloadKey: string) {
    const a = await makeAccount(db());
    await db()
      .insertInto('real_name_info')
      .values({
        account_id: a.id,
        full_name: p.name,
        birthday: p.birthday,
        address: p.address,
        phone: p.phone,
        email: p.email,
        id_number_enc: createLegacyIdNumberCipher(payloadKey).encrypt(a.id, p.id_number),
        id_number_masked: 'ID-N*********7654',
        sign_region: p.sign_region,
        sign_date: p.sign_date,
      })
      .execute();
    players.push({ ...a, p });
  }

  it('moves k1 and legacy rows to k2 in one run; a second run changes nothing', async () => {
    await saveThroughApi(person(1));
    await saveThroughApi(person(2));
    await insertLegacy(person(3), t.config.payloadKey);
    await insertLegacy(person(4), t.config.payloadKey);
    // A legacy row whose ID number was encrypted under an earlier PAYLOAD_KEY: only its mask
    // survives, the plain fields are still encrypted.
    await insertLegacy(person(5), randomBytes(32).toString('base64'));
    expect((await rows()).map((r) => r.key_id)).toEqual(['k1', 'k1', null, null, null]);

    // The start-up conversion (main.ts) touches legacy rows only, in batches.
    const start = await reencryptRealNames(db(), {
      dataKeys: t.config.dataKeys,
      payloadKey: t.config.payloadKey,
      legacyOnly: true,
      batchSize: 2,
    });
    expect(start).toEqual({ legacy: 3, rotated: 0, idNumbersLost: 1, unreadable: 0 });
    expect((await rows()).map((r) => r.key_id)).toEqual(['k1', 'k1', 'k1', 'k1', 'k1']);
    await insertLegacy(person(6), t.config.payloadKey);

    const rotated = testConfig({ DATA_KEY: `${K2},${K1}` });
    const lines: string[] = [];
    expect(await reencrypt.run(context(rotated, lines), [])).toBe(0);
    expect(lines).toEqual([
      'active key: k2',
      'real-name records converted from the legacy format: 1',
      'real-name records re-encrypted from an older key: 5',
      'real-name records no listed key decrypts (left as they are): 0',
    ]);
    const after = await rows();
    expect(after).toHaveLength(6);
    for (const r of after) {
      expect(r.key_id).toBe('k2');
      expect(r.info_enc?.startsWith('v1:k2:')).toBe(true);
      expect([r.full_name, r.id_number_enc, r.id_number_masked, r.email]).toEqual([
        null,
        null,
        null,
        null,
      ]);
    }
    const text = JSON.stringify(after);
    for (const { p } of players)
      for (const v of [p.name, p.address, p.email, p.id_number]) expect(text).not.toContain(v);

    const again: string[] = [];
    expect(await reencrypt.run(context(rotated, again), [])).toBe(0);
    expect(again).toContain('real-name records converted from the legacy format: 0');
    expect(again).toContain('real-name records re-encrypted from an older key: 0');
    expect(await rows()).toEqual(after);
  });

  it('reads every record back through the API with k1 dropped', async () => {
    const app = await buildApp(testConfig({ DATA_KEY: K2 }), {
      database: t.database,
      clock: t.clock,
    });
    try {
      for (const [i, pl] of players.entries()) {
        const json = await login(app, t.config.payloadKey, 'account', pl.account, pl.password);
        const res = await call(app, api.userRealInfoQuery, {}, { token: json.result.token });
        expect(res.result.info).toMatchObject({
          name: pl.p.name,
          birthday: pl.p.birthday,
          address: pl.p.address,
          sign_region: pl.p.sign_region,
          // Person 5's ID number did not decrypt any more: the legacy mask is shown.
          id_number: i === 4 ? 'ID-N*********7654' : `ID-N**********${pl.p.id_number.slice(-4)}`,
        });
      }
    } finally {
      await app.close();
    }
  });

  it('leaves rows no listed key decrypts as they are and exits 1', async () => {
    const before = await rows();
    const lines: string[] = [];
    const k3 = testConfig({ DATA_KEY: `k3:${randomBytes(32).toString('base64')}` });
    expect(await reencrypt.run(context(k3, lines), [])).toBe(1);
    expect(lines).toContain('real-name records no listed key decrypts (left as they are): 6');
    expect(await rows()).toEqual(before);
    await expect(reencrypt.run(context(k3, []), ['extra'])).rejects.toThrow(/no arguments/);
  });
});
