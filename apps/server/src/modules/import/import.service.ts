// `portal import-accounts` (docs/import.md, ADR 0043): streams a CSV of accounts with csv-parse,
// checks each row, and writes batches of rows (default 1,000) in one transaction each with
// multi-row INSERT … ON CONFLICT DO NOTHING. Memory stays flat: only the current batch is held;
// duplicates across the whole file are found through a temporary table of the keys seen so far
// (login name, email, phone, game + uid), in the session of the one connection the run pins.
// A dry run does every step of every batch and rolls each batch back: nothing is written. A
// re-run of the same file with the same --source changes nothing: its rows count as unchanged.
// One audit_log row per run (actor `cli`) with the counts.
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type { Kysely } from 'kysely';
import type { DB, ImportedPasswordFormat } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { createAuditRepository } from '../audit/audit.repository';
import {
  checkRow,
  IMPORT_COLUMNS,
  type ImportColumn,
  type ImportRow,
  type Reject,
  type RejectReason,
} from './import-rows';
import {
  createImportRepository,
  type ExistingAccount,
  type ExistingBinding,
  type ImportRepository,
  type SeenKey,
} from './import.repository';

export const IMPORT_BATCH_SIZE = 1_000;

export interface ImportOptions {
  /** The CSV: a path or a stream. */
  input: string | Readable;
  /** Shown in the audit row. */
  fileName: string;
  /** Accounts made by this run carry it; a re-run with the same source recognises them. */
  source: string;
  dryRun: boolean;
  /** --game: the game of rows without a game_id column value. */
  defaultGameId: number | null;
  batchSize?: number;
  /** Every rejected row, in file order. */
  onReject?: (reject: Reject) => void | Promise<void>;
  /** After each batch. */
  onProgress?: (counts: ImportCounts) => void;
}

export interface ImportCounts {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

export interface ImportSummary extends ImportCounts {
  dryRun: boolean;
  seconds: number;
  byReason: Partial<Record<RejectReason, number>>;
}

/** A header without the `account` column, or an unknown column: nothing can be imported. */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}

class RollBack extends Error {}

type Outcome = 'created' | 'updated' | 'unchanged';

const keyKinds = {
  a: 'login name',
  e: 'email',
  p: 'phone',
  u: 'game and uid',
} as const;

function keysOf(row: ImportRow): SeenKey[] {
  const keys: SeenKey[] = [{ kind: 'a', key: row.account, line: row.line }];
  if (row.email !== null) keys.push({ kind: 'e', key: row.email, line: row.line });
  if (row.phone !== null) keys.push({ kind: 'p', key: row.phone, line: row.line });
  if (row.uid !== null) keys.push({ kind: 'u', key: `${row.gameId}:${row.uid}`, line: row.line });
  return keys;
}

export async function importAccounts(
  deps: { db: Kysely<DB>; clock: Clock },
  options: ImportOptions,
): Promise<ImportSummary> {
  const started = performance.now();
  const at = deps.clock.now();
  const batchSize = options.batchSize ?? IMPORT_BATCH_SIZE;
  const counts: ImportCounts = { rows: 0, created: 0, updated: 0, unchanged: 0, rejected: 0 };
  const byReason: Partial<Record<RejectReason, number>> = {};

  async function reject(r: Reject): Promise<void> {
    counts.rejected++;
    byReason[r.reason] = (byReason[r.reason] ?? 0) + 1;
    await options.onReject?.(r);
  }

  return deps.db.connection().execute(async (conn) => {
    const repo = createImportRepository(conn);
    const knownGames = new Set(await repo.gameIds());
    await repo.openSeen();
    try {
      let batch: ImportRow[] = [];
      /** Rejects found while parsing, held until the rows before them are settled (file order). */
      let pending: Reject[] = [];

      const flush = async () => {
        const rows = batch;
        batch = [];
        const early = pending;
        pending = [];
        const rejects = await runBatch(conn, repo, rows, options, at);
        // The report lists rows in file order.
        const all = [...early, ...rejects.rejects].sort((a, b) => a.line - b.line);
        for (const r of all) await reject(r);
        for (const o of rejects.outcomes) counts[o]++;
        options.onProgress?.({ ...counts });
      };

      const parser = parse({
        bom: true,
        columns: (header: string[]) => {
          const names = header.map((h) => h.trim().toLowerCase());
          const unknown = names.filter((n) => !IMPORT_COLUMNS.includes(n as ImportColumn));
          if (unknown.length > 0)
            throw new ImportFileError(
              `unknown column(s): ${unknown.join(', ')} (expected ${IMPORT_COLUMNS.join(', ')})`,
            );
          if (!names.includes('account'))
            throw new ImportFileError('the header has no "account" column');
          return names;
        },
        skip_empty_lines: true,
        skip_records_with_error: true,
        info: true,
        on_skip: (err: CsvError | undefined) => {
          if (err === undefined) return;
          counts.rows++;
          pending.push({
            line: Number(err.lines ?? 0),
            account: '',
            reason: 'malformed_row',
            detail: err.message,
          });
        },
      });
      const source: Readable =
        typeof options.input === 'string' ? createReadStream(options.input) : options.input;
      source.on('error', (err) => parser.destroy(err));
      source.pipe(parser);

      try {
        for await (const item of parser as AsyncIterable<{
          record: Partial<Record<ImportColumn, string>>;
          info: { lines: number };
        }>) {
          counts.rows++;
          const checked = checkRow(item.info.lines, item.record, options.defaultGameId, knownGames);
          if (checked.ok) batch.push(checked.row);
          else pending.push(checked.reject);
          if (batch.length >= batchSize) await flush();
        }
      } catch (err) {
        if (err instanceof ImportFileError) throw err;
        if (err instanceof CsvError && err.cause instanceof ImportFileError) throw err.cause;
        // A quote never closed swallows the rest of the file: one malformed row, then stop.
        if (!(err instanceof CsvError)) throw err;
        counts.rows++;
        pending.push({
          line: Number(err.lines ?? 0),
          account: '',
          reason: 'malformed_row',
          detail: err.message,
        });
      }
      await flush();

      if (!options.dryRun)
        await createAuditRepository(conn).append({
          actorKind: 'cli',
          actor: 'cli',
          action: 'accounts.import',
          target: `import:${options.source}`,
          after: {
            file: options.fileName,
            source: options.source,
            default_game_id: options.defaultGameId,
            ...counts,
            rejected_by_reason: byReason,
          },
          at,
        });
    } finally {
      await repo.closeSeen();
    }
    return {
      ...counts,
      dryRun: options.dryRun,
      seconds: (performance.now() - started) / 1000,
      byReason,
    };
  });
}

/** One batch: the decisions and writes in one transaction (rolled back on a dry run). */
async function runBatch(
  conn: Kysely<DB>,
  pinned: ImportRepository,
  rows: ImportRow[],
  options: ImportOptions,
  at: Date,
): Promise<{ rejects: Reject[]; outcomes: Outcome[] }> {
  const rejects: Reject[] = [];
  const no = (row: ImportRow, reason: RejectReason, detail: string) =>
    rejects.push({ line: row.line, account: row.account, reason, detail });

  // Duplicates within the file: within this batch first, then against earlier batches.
  const firstLine = new Map<string, number>();
  const unique: ImportRow[] = [];
  for (const row of rows) {
    const dup = keysOf(row).find((k) => firstLine.has(`${k.kind}:${k.key}`));
    if (dup !== undefined) {
      no(
        row,
        'duplicate_in_file',
        `${keyKinds[dup.kind as keyof typeof keyKinds]} first at line ${firstLine.get(`${dup.kind}:${dup.key}`)}`,
      );
      continue;
    }
    for (const k of keysOf(row)) firstLine.set(`${k.kind}:${k.key}`, row.line);
    unique.push(row);
  }
  const seenBefore = new Map(
    (await pinned.markSeen(unique.flatMap(keysOf))).map((k) => [`${k.kind}:${k.key}`, k]),
  );
  const fresh = unique.filter((row) => {
    const dup = keysOf(row)
      .map((k) => seenBefore.get(`${k.kind}:${k.key}`))
      .find((k) => k !== undefined);
    if (dup === undefined) return true;
    no(
      row,
      'duplicate_in_file',
      `${keyKinds[dup.kind as keyof typeof keyKinds]} first at line ${dup.line}`,
    );
    return false;
  });

  const outcomes: Outcome[] = [];
  const work = async (trx: Kysely<DB>) => {
    const repo = createImportRepository(trx);
    const existing = new Map<string, ExistingAccount>(
      (await repo.accountsByName(fresh.map((r) => r.account))).map((a) => [a.account, a]),
    );
    const emails = new Map(
      (await repo.emailHolders(fresh.flatMap((r) => (r.email === null ? [] : [r.email])))).map(
        (h) => [h.email, h.id],
      ),
    );
    const phones = new Map(
      (await repo.phoneHolders(fresh.flatMap((r) => (r.phone === null ? [] : [r.phone])))).map(
        (h) => [h.phone, h.id],
      ),
    );
    const uidPairs = fresh.flatMap((r) =>
      r.uid === null || r.gameId === null ? [] : [{ gameId: r.gameId, uid: r.uid }],
    );
    const byUid = new Map<string, ExistingBinding>(
      (await repo.bindingsByUid(uidPairs)).map((b) => [`${b.gameId}:${b.uid}`, b]),
    );
    const ownBindings = new Map<string, ExistingBinding>(
      (await repo.bindingsOfAccounts([...existing.values()].map((a) => a.id))).map((b) => [
        `${b.accountId}:${b.gameId}`,
        b,
      ]),
    );

    const toCreate: ImportRow[] = [];
    for (const row of fresh) {
      const current = existing.get(row.account);
      const accountId = current?.id ?? null;
      if (current !== undefined && current.importSource !== options.source) {
        no(
          row,
          'account_taken',
          current.importSource === null
            ? 'the login name belongs to an account made on the portal'
            : `the login name belongs to import source "${current.importSource}"`,
        );
        continue;
      }
      const emailHolder = row.email === null ? undefined : emails.get(row.email);
      if (emailHolder !== undefined && emailHolder !== accountId) {
        no(row, 'email_taken', 'another account signs in with this email');
        continue;
      }
      const phoneHolder = row.phone === null ? undefined : phones.get(row.phone);
      if (phoneHolder !== undefined && phoneHolder !== accountId) {
        no(row, 'phone_taken', 'another account signs in with this phone');
        continue;
      }
      const binding = row.uid === null ? undefined : byUid.get(`${row.gameId}:${row.uid}`);
      if (binding !== undefined && (binding.accountId !== accountId || binding.unbound)) {
        no(
          row,
          'uid_bound_elsewhere',
          `uid ${row.uid} of game ${row.gameId} belongs to another account`,
        );
        continue;
      }
      if (current === undefined) {
        toCreate.push(row);
        continue;
      }
      // An account this source imported before: bring it in line with the row.
      const other =
        row.gameId === null ? undefined : ownBindings.get(`${current.id}:${row.gameId}`);
      if (row.uid !== null && binding === undefined && other !== undefined) {
        no(row, 'account_bound_to_other_uid', `bound to uid ${other.uid} in game ${row.gameId}`);
        continue;
      }
      outcomes.push(await reconcile(repo, current, row, binding, at));
    }

    const inserted = await repo.insertAccounts(
      toCreate.map((r) => ({
        account: r.account,
        email: r.email,
        phone: r.phone,
        passwordHash: r.passwordHash,
        passwordFormat: r.passwordFormat,
      })),
      options.source,
      at,
    );
    const idOf = new Map(inserted.map((a) => [a.account, a.id]));
    const binds = toCreate.flatMap((r) => {
      const id = idOf.get(r.account);
      return id === undefined || r.uid === null || r.gameId === null
        ? []
        : [{ accountId: id, gameId: r.gameId, uid: r.uid, displayName: r.displayName }];
    });
    const bound = new Set(await repo.insertBindings(binds, at));
    // What a concurrent writer took between the checks and the inserts: nothing stays of it.
    const unbound = binds.filter((b) => !bound.has(b.accountId)).map((b) => b.accountId);
    await repo.deleteAccounts(unbound);
    for (const row of toCreate) {
      const id = idOf.get(row.account);
      if (id === undefined || unbound.includes(id))
        no(row, 'account_taken', 'taken by a concurrent change; run the import again');
      else outcomes.push('created');
    }
  };

  if (options.dryRun) {
    await conn
      .transaction()
      .execute(async (trx) => {
        await work(trx);
        throw new RollBack();
      })
      .catch((err: unknown) => {
        if (!(err instanceof RollBack)) throw err;
      });
  } else await conn.transaction().execute(work);
  return { rejects, outcomes };
}

/** A row of an account the same source imported before: unchanged, or updated to the row. */
async function reconcile(
  repo: ImportRepository,
  current: ExistingAccount,
  row: ImportRow,
  binding: ExistingBinding | undefined,
  at: Date,
): Promise<Outcome> {
  const change: {
    email?: string | null;
    phone?: string | null;
    passwordHash?: string | null;
    passwordFormat?: ImportedPasswordFormat | null;
  } = {};
  if (row.email !== current.email) change.email = row.email;
  if (row.phone !== current.phone) change.phone = row.phone;
  // Once the player signed in (re-hashed) or reset the password, the portal's hash stays.
  const stillImported = current.passwordFormat !== null || current.passwordHash === null;
  if (stillImported && row.passwordHash !== current.passwordHash) {
    change.passwordHash = row.passwordHash;
    change.passwordFormat = row.passwordFormat;
  }
  let changed = Object.keys(change).length > 0;
  if (changed) await repo.updateAccount(current.id, change, at);
  if (row.uid !== null && row.gameId !== null) {
    if (binding === undefined) {
      await repo.insertBindings(
        [{ accountId: current.id, gameId: row.gameId, uid: row.uid, displayName: row.displayName }],
        at,
      );
      changed = true;
    } else if (row.displayName !== null && row.displayName !== binding.displayName) {
      await repo.setDisplayName(binding.id, row.displayName);
      changed = true;
    }
  }
  return changed ? 'updated' : 'unchanged';
}
