// Sessions (docs/product/session.md#token): opaque tokens stored hashed, sliding idle expiry, "remember me" drops
// the idle limit, the absolute limit always holds, revocation ends a session at once.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { runSeedSteps } from '../src/db/seed';
import { demoSeedSteps } from '../src/db/seeds/demo';
import {
  createSessionService,
  hashToken,
  type SessionService,
} from '../src/modules/auth/sessions.service';
import { openTestDatabase, testDatabases } from './support/databases';
import { testClock } from './support/helper';

const MINUTE = 60_000;
const DAY = 86_400_000;

describe.each(testDatabases())('sessions on %s', (kind) => {
  let database: Database;
  let sessions: SessionService;
  const clock = testClock();
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    await runSeedSteps(database, demoSeedSteps);
    sessions = createSessionService({
      db: database.db,
      policy: { idleMinutes: 30, absoluteDays: 2 },
      clock,
    });
  });
  afterAll(() => database.close());

  it('issues a 256-bit base64url token and stores only its sha256', async () => {
    const { token, sessionId } = await sessions.create(1, { remember: false });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await sql<{
      token_hash: string;
    }>`select token_hash from sessions where id = ${sessionId}`.execute(database.db);
    expect(stored.rows[0]?.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(stored.rows)).not.toContain(token);
    expect(await sessions.resolve(token)).toMatchObject({
      id: sessionId,
      accountId: 1,
      remember: false,
    });
  });

  it('slides the idle expiry with use and ends the session after idle time', async () => {
    const { token } = await sessions.create(1, { remember: false });
    clock.advance(20 * MINUTE);
    expect(await sessions.resolve(token)).not.toBeNull();
    clock.advance(20 * MINUTE);
    expect(await sessions.resolve(token)).not.toBeNull();
    clock.advance(31 * MINUTE);
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('keeps a remembered session past the idle time but not past the absolute limit', async () => {
    const { token } = await sessions.create(1, { remember: true });
    clock.advance(DAY);
    expect(await sessions.resolve(token)).not.toBeNull();
    clock.advance(DAY + MINUTE);
    expect(await sessions.resolve(token)).toBeNull();
  });

  it('ends a revoked session at once, and other sessions on "another device" revocation', async () => {
    const a = await sessions.create(1, { remember: false });
    const b = await sessions.create(1, { remember: false });
    const c = await sessions.create(1, { remember: false });
    await sessions.revoke(a.sessionId);
    expect(await sessions.resolve(a.token)).toBeNull();
    await sessions.revokeOthers(1, c.sessionId);
    expect(await sessions.resolve(b.token)).toBeNull();
    expect(await sessions.resolve(c.token)).not.toBeNull();
  });

  it('ignores missing, malformed and unknown tokens', async () => {
    for (const token of [
      undefined,
      '',
      'short',
      'x'.repeat(300),
      'has spaces in it and is long enough',
      'A'.repeat(43),
    ]) {
      expect(await sessions.resolve(token)).toBeNull();
    }
  });
});
