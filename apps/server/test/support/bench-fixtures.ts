// Bench fixtures for `npm run bench` (scripts/bench.mjs, docs/benchmarks.md): run with tsx
// against the bench database, it creates the players the load generator uses, through the same
// code the integration tests use (accounts repository, the HC Point ledger's creditHcPoint in a
// transaction with an idempotency key, the session service), and prints them as JSON.
//
//   node --import tsx apps/server/test/support/bench-fixtures.ts <database-url> <payers> <logins>
//
// payers: accounts with a game account on game 1, a large HC Point balance and a session token
// (so logins are not in the pay loop). logins: accounts with a known password, no session.
import { randomBytes } from 'node:crypto';
import { openPostgres } from '../../src/db/database';
import { hashPassword } from '../../src/lib/password';
import { createAccountsRepository } from '../../src/modules/auth/accounts.repository';
import { createSessionService } from '../../src/modules/auth/sessions.service';
import { creditHcPoint } from '../../src/modules/wallet/wallet.service';

/** HC Point each payer starts with (basic): enough for thousands of 499-point packs. */
export const BENCH_BALANCE = 50_000_000;
export const BENCH_PASSWORD = 'Bench!pass42';

const [url, payersArg = '200', loginsArg = '20'] = process.argv.slice(2);
if (url === undefined) {
  process.stderr.write('usage: bench-fixtures.ts <database-url> <payers> <logins>\n');
  process.exit(2);
}

const database = openPostgres(url, 4);
try {
  const accounts = createAccountsRepository(database.db);
  const sessions = createSessionService({ db: database.db });
  // One argon2 hash for every bench account: hashing is the login's cost, not the fixture's.
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const tag = randomBytes(3).toString('hex');
  const payers: Array<{ accountId: number; token: string; uid: number; roleId: string }> = [];
  for (let i = 0; i < Number(payersArg); i++) {
    const id = await accounts.insert({ account: `bp${tag}${i}`, passwordHash });
    const uid = await accounts.bindGameAccount(id, 1);
    await database.db.transaction().execute((trx) =>
      creditHcPoint(trx, {
        gameAccountId: uid,
        basic: BENCH_BALANCE,
        present: 0,
        idempotencyKey: `bench:${tag}:seed:${uid}`,
      }),
    );
    const { token } = await sessions.create(id, { remember: true });
    // The demo game answers role r-<uid>-1 on server 1 for every uid (apps/demo-game).
    payers.push({ accountId: id, token, uid, roleId: `r-${uid}-1` });
  }
  const logins: Array<{ account: string }> = [];
  for (let i = 0; i < Number(loginsArg); i++) {
    const account = `bl${tag}${i}`;
    await accounts.insert({ account, passwordHash });
    logins.push({ account });
  }
  process.stdout.write(JSON.stringify({ payers, logins, password: BENCH_PASSWORD }));
} finally {
  await database.close();
}
