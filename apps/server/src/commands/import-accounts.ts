// `npm run portal -- import-accounts <file.csv> [--dry-run] [--game <id>] [--source <name>]
// [--report <rejects.csv>] [--batch <n>]` (docs/import.md, ADR 0043): brings players from
// another system. Progress goes to stderr: a redrawn line on a terminal, else a line every
// 5 seconds. The summary goes to stdout. Exit code 0 when every row was imported (or is
// unchanged), 1 when some rows were rejected, 2 for bad arguments or an unusable file.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { basename } from 'node:path';
import { stringify } from 'csv-stringify';
import {
  ImportFileError,
  importAccounts,
  IMPORT_BATCH_SIZE,
  type ImportCounts,
} from '../modules/import/import.service';
import { CommandUsageError, type Command } from './types';

const PROGRESS_EVERY_MS = 5_000;

interface Args {
  file: string;
  dryRun: boolean;
  game: number | null;
  source: string;
  report: string | null;
  batch: number;
}

function parseArgs(args: readonly string[]): Args {
  const out: Partial<Args> & { dryRun: boolean } = { dryRun: false };
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const value = () => {
      const v = args[++i];
      if (v === undefined) throw new CommandUsageError(`${a} needs a value`);
      return v;
    };
    if (a === '--dry-run') out.dryRun = true;
    else if (a === '--game') {
      const v = value();
      if (!/^[1-9]\d{0,9}$/.test(v)) throw new CommandUsageError('--game takes a game id');
      out.game = Number(v);
    } else if (a === '--source') {
      const v = value();
      if (!/^[\x21-\x7e]{1,64}$/.test(v))
        throw new CommandUsageError('--source: 1 to 64 visible ASCII characters');
      out.source = v;
    } else if (a === '--report') out.report = value();
    else if (a === '--batch') {
      const v = Number(value());
      if (!Number.isInteger(v) || v < 1 || v > 10_000)
        throw new CommandUsageError('--batch: 1 to 10000 rows');
      out.batch = v;
    } else if (a.startsWith('--')) throw new CommandUsageError(`unknown option ${a}`);
    else if (out.file === undefined) out.file = a;
    else throw new CommandUsageError('import-accounts takes one file');
  }
  if (out.file === undefined) throw new CommandUsageError('import-accounts needs <file.csv>');
  return {
    file: out.file,
    dryRun: out.dryRun,
    game: out.game ?? null,
    source: out.source ?? 'csv',
    report: out.report ?? null,
    batch: out.batch ?? IMPORT_BATCH_SIZE,
  };
}

/** Progress on stderr: redrawn on a terminal, periodic lines otherwise. */
function progressReporter(started: number) {
  const tty = process.stderr.isTTY === true;
  let last = tty ? 0 : started;
  const line = (c: ImportCounts) => {
    const seconds = (performance.now() - started) / 1000;
    const rate = seconds > 0 ? Math.round(c.rows / seconds) : 0;
    return `rows ${c.rows.toLocaleString('en-US')} (${rate.toLocaleString('en-US')}/s)  created ${c.created}  updated ${c.updated}  unchanged ${c.unchanged}  rejected ${c.rejected}`;
  };
  return {
    update(c: ImportCounts) {
      const now = performance.now();
      if (tty) {
        if (now - last < 100) return;
        last = now;
        process.stderr.write(`\r\x1b[2K${line(c)}`);
      } else if (now - last >= PROGRESS_EVERY_MS) {
        last = now;
        process.stderr.write(`${line(c)}\n`);
      }
    },
    done() {
      if (tty) process.stderr.write('\n');
    },
  };
}

export const importAccountsCommand: Command = {
  summary: 'Import accounts (and their game bindings, password hashes) from a CSV file',
  usage: '<file.csv> [--dry-run] [--game <id>] [--source <name>] [--report <rejects.csv>]',

  async run(ctx, args) {
    const a = parseArgs(args);
    const started = performance.now();
    const progress = progressReporter(started);
    let report: ReturnType<typeof stringify> | undefined;
    let reportFile: ReturnType<typeof createWriteStream> | undefined;
    if (a.report !== null) {
      reportFile = createWriteStream(a.report);
      report = stringify({ header: true, columns: ['line', 'account', 'reason', 'detail'] });
      report.pipe(reportFile);
    }
    try {
      const summary = await importAccounts(
        { db: ctx.container.db, clock: ctx.container.clock },
        {
          input: a.file,
          fileName: basename(a.file),
          source: a.source,
          dryRun: a.dryRun,
          defaultGameId: a.game,
          batchSize: a.batch,
          onProgress: (c) => progress.update(c),
          onReject: async (r) => {
            if (report !== undefined && !report.write(r)) await once(report, 'drain');
          },
        },
      );
      progress.done();
      const rate = summary.seconds > 0 ? Math.round(summary.rows / summary.seconds) : 0;
      ctx.out(`${a.dryRun ? 'dry run (nothing written)' : 'imported'}: ${a.file}`);
      ctx.out(`rows: ${summary.rows}`);
      ctx.out(`created: ${summary.created}`);
      ctx.out(`updated: ${summary.updated}`);
      ctx.out(`unchanged: ${summary.unchanged}`);
      ctx.out(`rejected: ${summary.rejected}`);
      for (const [reason, n] of Object.entries(summary.byReason)) ctx.out(`  ${reason}: ${n}`);
      ctx.out(`seconds: ${summary.seconds.toFixed(1)} (${rate} rows/s)`);
      if (a.report !== null && summary.rejected > 0) ctx.out(`rejected rows: ${a.report}`);
      return summary.rejected > 0 ? 1 : 0;
    } catch (err) {
      progress.done();
      if (err instanceof ImportFileError) {
        ctx.out(`error: ${err.message}`);
        return 2;
      }
      throw err;
    } finally {
      if (report !== undefined && reportFile !== undefined) {
        report.end();
        await once(reportFile, 'close');
      }
    }
  },
};
