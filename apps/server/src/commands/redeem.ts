// `npm run portal -- redeem-batch ...`: creates a gift-code batch and prints its
// codes, one per line, or writes them to a CSV file (code,batch_id,expires_at). Codes are stored
// only hashed, so this is the one time they are shown: keep the output safe.
//   redeem-batch --game 1 --product pack_starter --kind single --count 100
//                [--expires 2027-01-01] [--cap N] [--per-account 1] [--name "..."] [--csv out.csv]
//   redeem-batch --game 1 --product gift_welcome --kind shared --code WELCOME2026
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createAuditRepository } from '../modules/audit/audit.repository';
import {
  BatchInputError,
  createGiftCodeBatch,
  type CreateBatchInput,
} from '../modules/gift-codes/gift-codes.service';
import { CommandUsageError, type Command } from './types';

function positiveInt(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1 || !Number.isSafeInteger(Number(value)))
    throw new CommandUsageError(`--${name} must be a positive integer`);
  return Number(value);
}

function parse(args: readonly string[], now: Date): CreateBatchInput & { csv?: string } {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: {
        game: { type: 'string' },
        product: { type: 'string' },
        kind: { type: 'string' },
        count: { type: 'string' },
        code: { type: 'string' },
        expires: { type: 'string' },
        cap: { type: 'string' },
        'per-account': { type: 'string' },
        name: { type: 'string' },
        csv: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    throw new CommandUsageError(err instanceof Error ? err.message : String(err));
  }
  const gameId = positiveInt('game', values.game);
  if (gameId === undefined) throw new CommandUsageError('--game is required');
  if (values.product === undefined) throw new CommandUsageError('--product is required');
  const kind = values.kind;
  if (kind !== 'single' && kind !== 'shared')
    throw new CommandUsageError('--kind must be single or shared');
  const count = positiveInt('count', values.count);
  if (kind === 'single' && count === undefined)
    throw new CommandUsageError('--count is required for --kind single');
  let expiresAt: Date | null = null;
  if (values.expires !== undefined) {
    expiresAt = new Date(values.expires);
    if (Number.isNaN(expiresAt.getTime()))
      throw new CommandUsageError('--expires must be a date, e.g. 2027-01-01 (UTC)');
    if (expiresAt.getTime() <= now.getTime())
      throw new CommandUsageError('--expires must be in the future');
  }
  return {
    gameId,
    product: values.product,
    kind,
    count: count ?? 1,
    ...(values.code === undefined ? {} : { code: values.code }),
    name: values.name ?? `${values.product} ${kind} ${now.toISOString().slice(0, 10)}`,
    expiresAt,
    totalCap: positiveInt('cap', values.cap) ?? null,
    perAccountLimit: positiveInt('per-account', values['per-account']) ?? 1,
    ...(values.csv === undefined ? {} : { csv: values.csv }),
  };
}

function csvField(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export const redeemBatch: Command = {
  summary:
    'Create a gift-code batch; print its codes or write CSV. Options: --count N (single), ' +
    '--code WORD (shared), --expires DATE, --cap N, --per-account N, --name TEXT, --csv FILE',
  usage: '--game <id> --product <cp_goods_id> --kind single|shared [options]',
  async run(ctx, args) {
    const now = ctx.container.clock.now();
    const { csv, ...input } = parse(args, now);
    let created;
    try {
      // The batch and its audit row (actor `cli`) in one transaction; the codes are never audited.
      created = await ctx.container.database.db.transaction().execute(async (trx) => {
        const made = await createGiftCodeBatch(trx, input, now);
        await createAuditRepository(trx).append({
          actorKind: 'cli',
          actor: 'cli',
          action: 'gift_campaign.create',
          target: `gift_campaign:${made.batchId}`,
          before: null,
          after: {
            gameId: input.gameId,
            kind: input.kind,
            reward: { type: 'items', cpGoodsId: input.product },
            name: input.name,
            perAccountLimit: input.perAccountLimit,
            totalCap: input.totalCap,
            expiresAt: input.expiresAt?.toISOString() ?? null,
            codes: made.codes.length,
          },
          at: now,
        });
        return made;
      });
    } catch (err) {
      if (err instanceof BatchInputError) throw new CommandUsageError(err.message);
      throw err;
    }
    if (csv === undefined) {
      for (const code of created.codes) ctx.out(code);
      return 0;
    }
    const expires = input.expiresAt?.toISOString() ?? '';
    const lines = [
      'code,batch_id,expires_at',
      ...created.codes.map((c) => [c, String(created.batchId), expires].map(csvField).join(',')),
    ];
    // wx: never overwrite a file; 0600: the codes are secrets.
    await writeFile(csv, `${lines.join('\n')}\n`, { flag: 'wx', mode: 0o600 });
    ctx.out(`batch ${created.batchId}: ${created.codes.length} code(s) written to ${csv}`);
    return 0;
  },
};
