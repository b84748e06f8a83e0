// `portal import-accounts` (docs/import.md, ADR 0043): each imported hash format signs in and
// is re-hashed to argon2id at the first sign-in; dry runs write nothing; malformed and
// conflicting rows are reported with their line and nothing is written for them; re-runs are
// idempotent; duplicates across batches are found.
import { pbkdf2Sync, randomBytes, scryptSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ErrorCode } from '@hc/contract';
import { hash as argon2Hash, type Algorithm } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importAccountsCommand } from '../src/commands/import-accounts';
import type { Container } from '../src/container';
import { detectPasswordFormat, verifyImportedPassword } from '../src/lib/password-formats';
import { createAuditRepository } from '../src/modules/audit/audit.repository';
import type { Reject } from '../src/modules/import/import-rows';
import { importAccounts, type ImportOptions } from '../src/modules/import/import.service';
import { login } from './support/auth-fixtures';
import { testDatabases } from './support/databases';
import { createTestApp, type TestApp } from './support/helper';

const PASSWORD = 'Imported!pass9';
const ab64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '').replace(/\+/g, '.');

/** One hash of PASSWORD in every supported format. */
async function hashes(): Promise<Record<string, string>> {
  const salt = randomBytes(16);
  const bc = bcrypt.hashSync(PASSWORD, 4);
  return {
    bcrypt_2a: bc.replace(/^\$2b\$/, '$2a$'),
    bcrypt_2b: bc,
    bcrypt_2y: bc.replace(/^\$2b\$/, '$2y$'),
    scrypt: `$scrypt$ln=10,r=8,p=1$${salt.toString('base64')}$${scryptSync(PASSWORD, salt, 32, { N: 1024, r: 8, p: 1 }).toString('base64')}`,
    django: `pbkdf2_sha256$1000$seasalt$${pbkdf2Sync(PASSWORD, 'seasalt', 1000, 32, 'sha256').toString('base64')}`,
    passlib: `$pbkdf2-sha256$1000$${ab64(salt)}$${ab64(pbkdf2Sync(PASSWORD, salt, 1000, 32, 'sha256'))}`,
    argon2id: await argon2Hash(PASSWORD, {
      algorithm: 2 as Algorithm,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    }),
    argon2i: await argon2Hash(PASSWORD, {
      algorithm: 1 as Algorithm,
      memoryCost: 4096,
      timeCost: 1,
      parallelism: 1,
    }),
  };
}

describe('imported hash formats', () => {
  it('recognises each format and verifies it; refuses unknown and too costly ones', async () => {
    for (const [name, h] of Object.entries(await hashes())) {
      const verdict = detectPasswordFormat(h);
      expect(verdict.ok, name).toBe(true);
      if (!verdict.ok) continue;
      expect(await verifyImportedPassword(verdict.format, h, PASSWORD), name).toBe(true);
      expect(await verifyImportedPassword(verdict.format, h, 'wrong'), name).toBe(false);
    }
    expect(detectPasswordFormat('md5$abc$def').ok).toBe(false);
    expect(detectPasswordFormat('5f4dcc3b5aa765d61d8327deb882cf99').ok).toBe(false);
    expect(detectPasswordFormat(`$2b$31$${'a'.repeat(53)}`)).toMatchObject({ ok: false });
    expect(detectPasswordFormat('pbkdf2_sha256$99999999$s$' + 'A'.repeat(44)).ok).toBe(false);
  });

  it('verifies passlib reference hashes', async () => {
    // From passlib's documentation, both for the password "password".
    const passlib =
      '$pbkdf2-sha256$6400$0ZrzXitFSGltTQnBWOsdAw$Y11AchqV4b0sUisdZd0Xr97KWoymNE0LNNrnEgY4H9M';
    expect(await verifyImportedPassword('pbkdf2_passlib', passlib, 'password')).toBe(true);
    expect(await verifyImportedPassword('pbkdf2_passlib', passlib, 'Password')).toBe(false);
  });
});

describe.each(testDatabases())('import-accounts on %s', (kind) => {
  let t: TestApp;
  let dir: string;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp(kind);
    dir = mkdtempSync(join(tmpdir(), 'hc-import-'));
  });
  afterAll(async () => {
    await t.app.close();
    await t.database.close();
  });

  const db = () => t.database.db;
  const csv = (lines: string[]) => `${lines.join('\n')}\n`;
  async function run(text: string, options: Partial<ImportOptions> = {}) {
    const rejects: Reject[] = [];
    const summary = await importAccounts(
      { db: db(), clock: t.clock },
      {
        input: Readable.from([text]),
        fileName: 'test.csv',
        source: 'legacy',
        dryRun: false,
        defaultGameId: 1,
        onReject: (r) => void rejects.push(r),
        ...options,
      },
    );
    return { summary, rejects };
  }
  const accountRow = (name: string) =>
    db()
      .selectFrom('accounts')
      .select([
        'id',
        'account',
        'email',
        'phone',
        'password_hash',
        'password_format',
        'import_source',
      ])
      .where('account', '=', name)
      .executeTakeFirst();
  const counts = async () => ({
    accounts: Number(
      (
        await db()
          .selectFrom('accounts')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    gameAccounts: Number(
      (
        await db()
          .selectFrom('game_accounts')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    audit: (await createAuditRepository(db()).list({ limit: 1000 })).length,
  });
  const fresh = (prefix: string) => `${prefix}${++n}`;

  it('signs each format in, re-hashes it to argon2id, and keeps the old password working', async () => {
    const all = await hashes();
    const names = Object.fromEntries(Object.keys(all).map((k) => [k, fresh(`fmt_${k}_`)]));
    const { summary, rejects } = await run(
      csv([
        'account,email,password_hash,uid,display_name',
        ...Object.entries(all).map(
          ([k, h]) => `${names[k]},${names[k]}@old.example,"${h}",old-${names[k]},Hero ${k}`,
        ),
      ]),
    );
    expect(rejects).toEqual([]);
    expect(summary).toMatchObject({ created: 8, rejected: 0 });
    for (const [k, h] of Object.entries(all)) {
      const name = names[k] as string;
      const before = await accountRow(name);
      expect(before?.password_hash, k).toBe(h);
      expect(before?.password_format, k).not.toBeNull();
      const wrong = await login(t.app, t.config.payloadKey, 'account', name, 'Wrong!pass1', {
        ip: '10.9.0.1',
      });
      expect(wrong.code, k).toBe(ErrorCode.InvalidPassword);
      expect((await accountRow(name))?.password_hash, k).toBe(h);
      const ok = await login(t.app, t.config.payloadKey, 'account', name, PASSWORD, {
        ip: '10.9.0.2',
      });
      expect(ok.code, k).toBe(0);
      const after = await accountRow(name);
      expect(after?.password_hash, k).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(after?.password_format, k).toBeNull();
      expect((await login(t.app, t.config.payloadKey, 'account', name, PASSWORD)).code, k).toBe(0);
      const wrongAgain = await login(t.app, t.config.payloadKey, 'account', name, 'Wrong!pass1', {
        ip: '10.9.0.3',
      });
      expect(wrongAgain.code, k).toBe(ErrorCode.InvalidPassword);
    }
    // Signing in by email works the same way for imported hashes.
    const bound = await db()
      .selectFrom('game_accounts')
      .select(['uid', 'display_name'])
      .where('uid', '=', `old-${names.scrypt}`)
      .executeTakeFirst();
    expect(bound).toEqual({ uid: `old-${names.scrypt}`, display_name: 'Hero scrypt' });
  });

  it('a dry run validates and reports but writes nothing', async () => {
    const before = await counts();
    const a = fresh('dry');
    const { summary, rejects } = await run(
      csv(['account,email,uid', `${a},${a}@x.example,dry-${a}`, `${a}b,not-an-email,dry-${a}b`]),
      { dryRun: true },
    );
    expect(summary).toMatchObject({ dryRun: true, rows: 2, created: 1, rejected: 1 });
    expect(rejects).toEqual([expect.objectContaining({ line: 3, reason: 'bad_email' })]);
    expect(await counts()).toEqual(before);
    expect(await accountRow(a)).toBeUndefined();
  });

  it('reports malformed rows with their line and writes nothing for them', async () => {
    const [good1, good2, badQuote, short, badMail, badPhone] = [
      'good1',
      'good2',
      'quote',
      'short',
      'mail',
      'phone',
    ].map((p) => fresh(`m_${p}_`)) as [string, string, string, string, string, string];
    const { summary, rejects } = await run(
      csv([
        'account,email,phone,password_hash',
        `${good1},,,`,
        `${badQuote},ab"c@x.example,,`,
        `${short},only-two-fields`,
        `${badMail},nope@,,`,
        `${badPhone},,12345,`,
        `${fresh('m_hash_')},,,$md5$abc`,
        `${good2},${good2}@x.example,+15551230001,`,
      ]),
    );
    expect(summary).toMatchObject({ rows: 7, created: 2, rejected: 5 });
    expect(rejects.map((r) => [r.line, r.reason])).toEqual([
      [3, 'malformed_row'],
      [4, 'malformed_row'],
      [5, 'bad_email'],
      [6, 'bad_phone'],
      [7, 'unknown_hash_format'],
    ]);
    for (const name of [badQuote, short, badMail, badPhone])
      expect(await accountRow(name), name).toBeUndefined();
    expect(await accountRow(good2)).toMatchObject({ email: `${good2}@x.example` });
  });

  it('dry-runs the documented sample file (docs/examples/accounts.csv) without a reject', async () => {
    const sample = new URL('../../../docs/examples/accounts.csv', import.meta.url).pathname;
    const { summary, rejects } = await run(readFileSync(sample, 'utf8'), {
      dryRun: true,
      source: 'sample',
    });
    expect(rejects).toEqual([]);
    expect(summary).toMatchObject({ rows: 7, created: 7 });
  });

  it('refuses a file without an account column', async () => {
    await expect(run(csv(['email', 'a@b.example']))).rejects.toThrow(/account/);
  });

  it('a re-run changes nothing and counts the rows as unchanged; each run is audited', async () => {
    const [a, b] = [fresh('re'), fresh('re')];
    const text = csv([
      'account,email,phone,password_hash,game_id,uid,display_name',
      `${a},${a}@x.example,+15559870${n}1,"${bcrypt.hashSync(PASSWORD, 4)}",1,re-${a},A`,
      `${b},,,,,,`,
    ]);
    const first = await run(text);
    expect(first.summary).toMatchObject({ created: 2, unchanged: 0, rejected: 0 });
    const before = await counts();
    const again = await run(text);
    expect(again.summary).toMatchObject({ created: 0, updated: 0, unchanged: 2, rejected: 0 });
    const after = await counts();
    expect(after).toEqual({ ...before, audit: before.audit + 1 });
    const [audit] = await createAuditRepository(db()).list({ target: 'import:legacy', limit: 1 });
    expect(audit).toMatchObject({ actorKind: 'cli', actor: 'cli', action: 'accounts.import' });
    expect(audit?.after).toMatchObject({ rows: 2, unchanged: 2, created: 0 });
    // After the player signed in (re-hash), a re-run leaves the new hash alone.
    expect((await login(t.app, t.config.payloadKey, 'account', a, PASSWORD)).code).toBe(0);
    const third = await run(text);
    expect(third.summary).toMatchObject({ unchanged: 2 });
    expect((await accountRow(a))?.password_format).toBeNull();
  });

  it('rejects a uid bound elsewhere, a taken name, and duplicates across batches', async () => {
    const [x, y, z] = [fresh('u'), fresh('u'), fresh('u')];
    const { summary, rejects } = await run(
      csv([
        'account,email,uid',
        // uid 1 of the demo game is the demo account's (seed).
        `${x},,1`,
        'demo,,',
        `${y},${y}@x.example,dup-${y}`,
        `${z},,`,
        `${z},,`,
        `${z}b,${y}@x.example,`,
        `${z}c,,dup-${y}`,
      ]),
      { batchSize: 2, source: 'other-source' },
    );
    expect(rejects.map((r) => [r.line, r.reason])).toEqual([
      [2, 'uid_bound_elsewhere'],
      [3, 'account_taken'],
      [6, 'duplicate_in_file'],
      [7, 'duplicate_in_file'],
      [8, 'duplicate_in_file'],
    ]);
    expect(rejects[2]?.detail).toBe('login name first at line 5');
    expect(summary).toMatchObject({ rows: 7, created: 2, rejected: 5 });
    expect(await accountRow(x)).toBeUndefined();
    expect(await accountRow(`${z}b`)).toBeUndefined();
    // Another source's account name is not taken over.
    const { rejects: taken } = await run(csv(['account', y]), { source: 'legacy' });
    expect(taken).toEqual([expect.objectContaining({ reason: 'account_taken', line: 2 })]);
  });

  it('runs as the import-accounts command with a report file', async () => {
    const file = join(dir, 'accounts.csv');
    const report = join(dir, 'rejects.csv');
    const a = fresh('cmd');
    writeFileSync(file, csv(['account,email,uid', `${a},,cmd-${a}`, `${a}x,bad,`]));
    const out: string[] = [];
    const container = { db: db(), clock: t.clock } as unknown as Container;
    const code = await importAccountsCommand.run({ container, out: (l) => out.push(l) }, [
      file,
      '--game',
      '1',
      '--report',
      report,
    ]);
    expect(code).toBe(1);
    expect(out).toContain('created: 1');
    expect(out).toContain('rejected: 1');
    expect(readFileSync(report, 'utf8')).toMatch(/^line,account,reason,detail\n3,\w+x,bad_email,/);
  });
});
