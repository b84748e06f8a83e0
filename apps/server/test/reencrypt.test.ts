// `npm run portal -- reencrypt` and the start-up legacy conversion (ADR 0027): real-name rows
// under an older DATA_KEY key and legacy rows (plain columns, the ID number under the old
// payload-key-derived cipher) all end under the first key; a second run changes nothing; the
// records still read back through the API once the old key is dropped. The other sealed values
// (operators' two-factor secrets, game gateway secrets, publisher key secrets, console-made gift
// codes) move too, and SEALED_COLUMNS lists every `*_enc` column of the database.
import { randomBytes } from 'node:crypto';
import { api, encryptPayload, ErrorCode, type IdentityPayload } from '@hc/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { reencrypt } from '../src/commands/reencrypt';
import { SEALED_COLUMNS, SEALED_ELSEWHERE } from '../src/commands/sealed-columns';
import { createDataCipher, parseDataKeyring } from '../src/lib/data-cipher';
import { createOperatorsRepository } from '../src/modules/console/operators.repository';
import { sql } from 'kysely';
import { makeOperator } from './support/console';
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

  /** Plain values of the other sealed columns, written under k1 through their services. */
  const sealedPlain = new Map<string, string>();
  const sealedKey = (table: string, key: unknown) => `${table}:${String(key)}`;

  async function sealOthers() {
    const k1 = context(t.config, []).container;
    const op = await makeOperator(t, ['operations']);
    const row = await createOperatorsRepository(db()).byId(op.id);
    const totp = await k1.twoFactor.start(row!);
    sealedPlain.set(sealedKey('operators', op.id), totp.secret);
    const gw = await k1.gamesConsole.gatewaySet(
      { gameId: 1, url: 'http://127.0.0.1:9/gateway' },
      { kind: 'cli', name: 'test' },
    );
    sealedPlain.set(sealedKey('game_gateways', 1), gw.secret ?? '');
    const pk = await k1.publisherKeys.create(1);
    const pkRow = await db()
      .selectFrom('publisher_keys')
      .select('id')
      .where('key_id', '=', pk.keyId)
      .executeTakeFirstOrThrow();
    sealedPlain.set(sealedKey('publisher_keys', pkRow.id), pk.secret);
    const gift = await k1.giftCodesConsole.create(
      {
        gameId: 1,
        name: 'Rotation',
        kind: 'shared',
        reward: { type: 'points', points: 5 },
        perAccountLimit: 1,
        totalCap: null,
        code: 'ROTATE2026KEY',
      },
      { kind: 'cli', name: 'test' },
    );
    const codeRow = await db()
      .selectFrom('redeem_codes')
      .select('id')
      .where('batch_id', '=', gift.campaign.id)
      .executeTakeFirstOrThrow();
    sealedPlain.set(sealedKey('redeem_codes', codeRow.id), 'ROTATE2026KEY');
    await k1.close();
    return gift.campaign.id;
  }
  let giftCampaign = 0;

  it('lists every *_enc column of the database as sealed', async () => {
    const { rows: columns } = await sql<{ t: string; c: string }>`
      select table_name as t, column_name as c from information_schema.columns
      where table_schema = current_schema() and column_name like '%\_enc'`.execute(db());
    expect(columns.map((r) => `${r.t}.${r.c}`).sort()).toEqual(
      [...SEALED_COLUMNS.map((s) => `${s.table}.${s.column}`), ...SEALED_ELSEWHERE].sort(),
    );
  });

  it('moves k1 and legacy rows to k2 in one run; a second run changes nothing', async () => {
    giftCampaign = await sealOthers();
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
      'operator two-factor secrets re-encrypted from an older key: 1',
      'game gateway secrets re-encrypted from an older key: 1',
      'publisher key secrets re-encrypted from an older key: 1',
      'console gift codes re-encrypted from an older key: 1',
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
    for (const spec of SEALED_COLUMNS)
      expect(again).toContain(`${spec.label} re-encrypted from an older key: 0`);
    expect(await rows()).toEqual(after);
  });

  it('every other sealed value reads with k2 alone and not with k1 alone', async () => {
    const onlyK2 = createDataCipher(parseDataKeyring(K2));
    const onlyK1 = createDataCipher(parseDataKeyring(K1));
    let seen = 0;
    for (const spec of SEALED_COLUMNS) {
      const { rows: sealed } = await sql<Record<string, unknown>>`
        select * from ${sql.table(spec.table)} where ${sql.ref(spec.column)} is not null`.execute(
        db(),
      );
      for (const row of sealed) {
        const value = String(row[spec.column]);
        const plain = sealedPlain.get(sealedKey(spec.table, row[spec.key]));
        expect(value.startsWith('v1:k2:')).toBe(true);
        if (plain !== undefined) {
          expect(onlyK2.decrypt(value, spec.context(row))).toBe(plain);
          seen += 1;
        }
        expect(() => onlyK1.decrypt(value, spec.context(row))).toThrow();
      }
    }
    expect(seen).toBe(4);

    // No text column of any table still holds a value sealed under k1.
    const { rows: textColumns } = await sql<{ t: string; c: string }>`
      select table_name as t, column_name as c from information_schema.columns
      where table_schema = current_schema() and data_type = 'text'`.execute(db());
    for (const { t: table, c: column } of textColumns) {
      const { rows: left } = await sql<{ n: number }>`
        select count(*)::int as n from ${sql.table(table)}
        where substr(${sql.ref(column)}, 1, 6) = 'v1:k1:'`.execute(db());
      expect(`${table}.${column}: ${left[0]?.n}`).toBe(`${table}.${column}: 0`);
    }

    // Through the services of a node that lists k2 only.
    const k2 = context(testConfig({ DATA_KEY: K2 }), []).container;
    try {
      expect((await k2.gatewayDirectory.resolve(1))?.secret).toBe(
        sealedPlain.get(sealedKey('game_gateways', 1)),
      );
      const csv = await k2.giftCodesConsole.exportCsv(giftCampaign, { kind: 'cli', name: 'test' });
      let text = '';
      for await (const chunk of csv.body) text += String(chunk);
      expect(text).toContain('ROTATE2026KEY');
    } finally {
      await k2.close();
    }
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
