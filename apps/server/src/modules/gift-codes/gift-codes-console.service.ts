// Gift-code campaigns in the console (docs/console.md#gift-codes, ADR 0046). A campaign is a
// redeem_batches row; its codes are generated GIFT_CODE_BATCH at a time, each batch in its own
// transaction with its audit row, unique by the code_hash constraint (a clash is drawn again).
// Console-made codes are also kept sealed under DATA_KEY so the campaign can be exported as CSV
// (streamed, formula injection neutralised); every change and every export is audited.
import {
  ErrorCode,
  GIFT_CODE_BATCH,
  GIFT_CODE_CSV_COLUMNS,
  normaliseGiftCode,
  toUnixSeconds,
  type GiftCampaign,
} from '@hc/contract';
import { stringify } from 'csv-stringify';
import type { Kysely } from 'kysely';
import { Readable } from 'node:stream';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { DataCipher } from '../../lib/data-cipher';
import { neutraliseCell } from '../audit/audit-csv';
import { createAuditRepository } from '../audit/audit.repository';
import type { ConsoleActor } from '../games/games-console.service';
import { generateCode, hashCode } from './gift-codes.codes';
import {
  createGiftCodesRepository,
  type BatchFilter,
  type BatchWithUsage,
} from './gift-codes.repository';

/** The DATA_KEY context of a console-made code of campaign `id`. */
export const codeContext = (batchId: number) => `redeem_code:${batchId}`;
/** Draws again for a hash that already exists, at most this many rounds. */
const CLASH_ROUNDS = 5;

const ts = (d: Date | null) => (d === null ? null : toUnixSeconds(d));
const date = (s: number | null | undefined) =>
  s === undefined ? undefined : s === null ? null : new Date(s * 1000);

export function campaignStatus(b: BatchWithUsage, now: Date): GiftCampaign['status'] {
  if (b.revoked_at !== null) return 'revoked';
  if (b.starts_at !== null && b.starts_at.getTime() > now.getTime()) return 'scheduled';
  if (b.expires_at !== null && b.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

function toCampaign(b: BatchWithUsage, now: Date): GiftCampaign {
  const capLeft = b.total_cap === null ? null : Math.max(0, b.total_cap - b.redeemed);
  let remaining: number | null;
  if (b.revoked_at !== null) remaining = 0;
  else if (b.kind === 'single')
    remaining = capLeft === null ? b.unused_codes : Math.min(capLeft, b.unused_codes);
  else remaining = b.codes - b.revoked_codes === 0 ? 0 : capLeft;
  return {
    id: b.id,
    gameId: b.game_id,
    name: b.name,
    kind: b.kind,
    reward:
      b.points !== null
        ? { type: 'points', points: b.points }
        : { type: 'items', cpGoodsId: b.cp_goods_id ?? '' },
    perAccountLimit: b.per_account_limit,
    totalCap: b.total_cap,
    startsAt: ts(b.starts_at),
    expiresAt: ts(b.expires_at),
    revokedAt: ts(b.revoked_at),
    status: campaignStatus(b, now),
    usage: {
      codes: b.codes,
      revoked: b.revoked_codes,
      redeemed: b.redeemed,
      remaining,
      exportable: b.exportable,
    },
    createdAt: toUnixSeconds(b.created_at),
  };
}

/** What the audit log keeps of a campaign. */
function audited(b: {
  name: string;
  per_account_limit: number;
  total_cap: number | null;
  starts_at: Date | null;
  expires_at: Date | null;
}) {
  return {
    name: b.name,
    perAccountLimit: b.per_account_limit,
    totalCap: b.total_cap,
    startsAt: ts(b.starts_at),
    expiresAt: ts(b.expires_at),
  };
}

export function createGiftCodesConsoleService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  cipher: () => DataCipher;
}) {
  const { db, clock } = deps;
  const repo = createGiftCodesRepository(db);

  async function one(id: number): Promise<GiftCampaign> {
    const b = await repo.batchWithUsage(id);
    if (b === undefined) throw new AppError(ErrorCode.GiftCampaignNotFound);
    return toCampaign(b, clock.now());
  }

  function audit(
    trx: Kysely<DB>,
    actor: ConsoleActor,
    e: {
      action: string;
      target: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
      at: Date;
    },
  ) {
    return createAuditRepository(trx).append({
      actorKind: actor.kind,
      actor: actor.name,
      ip: actor.ip ?? null,
      ...e,
    });
  }

  /** Writes `codes` new codes to a locked campaign in one transaction; answers how many. */
  async function writeBatch(batchId: number, count: number, actor: ConsoleActor): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const r = createGiftCodesRepository(trx);
      const b = await r.batchById(batchId, { forUpdate: true });
      if (b === undefined) throw new AppError(ErrorCode.GiftCampaignNotFound);
      if (b.revoked_at !== null) throw new AppError(ErrorCode.GiftCampaignRevoked);
      const now = clock.now();
      let written = 0;
      for (let round = 0; written < count && round < CLASH_ROUNDS; round += 1) {
        const drawn = Array.from({ length: count - written }, () => generateCode());
        const rows = [...new Map(drawn.map((c) => [hashCode(c), c])).entries()].map(
          ([hash, c]) => ({ hash, sealed: deps.cipher().encrypt(c, codeContext(batchId)) }),
        );
        written += (await r.insertSealedCodes(batchId, rows, now)).size;
      }
      if (written < count)
        throw new Error(`gift codes: ${count - written} clashes left after ${CLASH_ROUNDS} rounds`);
      await audit(trx, actor, {
        action: 'gift_code.generate',
        target: `gift_campaign:${batchId}`,
        before: null,
        after: { generated: written },
        at: now,
      });
      return written;
    });
  }

  return {
    async list(f: BatchFilter, page: number, size: number) {
      const now = clock.now();
      const { rows, total } = await repo.pageBatches(f, now, page, size);
      return { list: rows.map((b) => toCampaign(b, now)), total, page, size };
    },

    get: one,

    async create(
      input: {
        gameId: number;
        name: string;
        kind: 'single' | 'shared';
        reward: { type: 'items'; cpGoodsId: string } | { type: 'points'; points: number };
        perAccountLimit: number;
        totalCap: number | null;
        startsAt?: number | null | undefined;
        expiresAt?: number | null | undefined;
        code?: string | undefined;
      },
      actor: ConsoleActor,
    ): Promise<{ campaign: GiftCampaign; code?: string }> {
      const shared = input.kind === 'shared' ? (input.code ?? generateCode()) : undefined;
      const id = await db.transaction().execute(async (trx) => {
        const r = createGiftCodesRepository(trx);
        const now = clock.now();
        let productId: number | null = null;
        if (input.reward.type === 'items') {
          const pack = await r.packByGoodsId(input.gameId, input.reward.cpGoodsId);
          if (pack === undefined || pack.items.length === 0)
            throw new AppError(ErrorCode.GiftCampaignInvalid, { reason: 'no_such_pack' });
          productId = pack.id;
        }
        if (!(await r.gameExists(input.gameId))) throw new AppError(ErrorCode.ConsoleGameNotFound);
        const batchId = await r.insertBatch(
          {
            gameId: input.gameId,
            name: input.name,
            kind: input.kind,
            productId,
            points: input.reward.type === 'points' ? input.reward.points : null,
            startsAt: date(input.startsAt) ?? null,
            expiresAt: date(input.expiresAt) ?? null,
            totalCap: input.totalCap,
            perAccountLimit: input.perAccountLimit,
          },
          now,
        );
        if (shared !== undefined) {
          const hash = hashCode(shared);
          const written = await r.insertSealedCodes(
            batchId,
            [
              {
                hash,
                sealed: deps.cipher().encrypt(normaliseGiftCode(shared), codeContext(batchId)),
              },
            ],
            now,
          );
          if (written.size === 0) throw new AppError(ErrorCode.GiftCodeTaken);
        }
        await audit(trx, actor, {
          action: 'gift_campaign.create',
          target: `gift_campaign:${batchId}`,
          before: null,
          after: {
            gameId: input.gameId,
            kind: input.kind,
            reward: input.reward,
            ...audited({
              name: input.name,
              per_account_limit: input.perAccountLimit,
              total_cap: input.totalCap,
              starts_at: date(input.startsAt) ?? null,
              expires_at: date(input.expiresAt) ?? null,
            }),
          },
          at: now,
        });
        return batchId;
      });
      return { campaign: await one(id), ...(shared === undefined ? {} : { code: shared }) };
    },

    async update(
      input: {
        id: number;
        name?: string | undefined;
        perAccountLimit?: number | undefined;
        totalCap?: number | null | undefined;
        startsAt?: number | null | undefined;
        expiresAt?: number | null | undefined;
      },
      actor: ConsoleActor,
    ): Promise<GiftCampaign> {
      await db.transaction().execute(async (trx) => {
        const r = createGiftCodesRepository(trx);
        const b = await r.batchById(input.id, { forUpdate: true });
        if (b === undefined) throw new AppError(ErrorCode.GiftCampaignNotFound);
        if (b.revoked_at !== null) throw new AppError(ErrorCode.GiftCampaignRevoked);
        const next = {
          name: input.name ?? b.name,
          per_account_limit: input.perAccountLimit ?? b.per_account_limit,
          total_cap: input.totalCap === undefined ? b.total_cap : input.totalCap,
          starts_at:
            date(input.startsAt) === undefined ? b.starts_at : (date(input.startsAt) ?? null),
          expires_at:
            date(input.expiresAt) === undefined ? b.expires_at : (date(input.expiresAt) ?? null),
        };
        if (
          next.starts_at !== null &&
          next.expires_at !== null &&
          next.starts_at.getTime() >= next.expires_at.getTime()
        )
          throw new AppError(ErrorCode.InvalidParams, {
            issues: [{ path: 'expiresAt', message: 'the start must be before the end' }],
          });
        await r.updateBatch(b.id, next);
        await audit(trx, actor, {
          action: 'gift_campaign.update',
          target: `gift_campaign:${b.id}`,
          before: audited(b),
          after: audited(next),
          at: clock.now(),
        });
      });
      return one(input.id);
    },

    async revokeCampaign(id: number, actor: ConsoleActor): Promise<GiftCampaign> {
      await db.transaction().execute(async (trx) => {
        const r = createGiftCodesRepository(trx);
        const b = await r.batchById(id, { forUpdate: true });
        if (b === undefined) throw new AppError(ErrorCode.GiftCampaignNotFound);
        if (b.revoked_at !== null) throw new AppError(ErrorCode.GiftCampaignRevoked);
        const now = clock.now();
        await r.updateBatch(id, { revoked_at: now });
        await audit(trx, actor, {
          action: 'gift_campaign.revoke',
          target: `gift_campaign:${id}`,
          before: { revoked: false },
          after: { revoked: true },
          at: now,
        });
      });
      return one(id);
    },

    async generate(campaignId: number, count: number, actor: ConsoleActor) {
      const b = await repo.batchById(campaignId);
      if (b === undefined) throw new AppError(ErrorCode.GiftCampaignNotFound);
      if (b.revoked_at !== null) throw new AppError(ErrorCode.GiftCampaignRevoked);
      if (b.kind === 'shared')
        throw new AppError(ErrorCode.GiftCampaignInvalid, { reason: 'shared' });
      let generated = 0;
      while (generated < count) {
        const n = Math.min(GIFT_CODE_BATCH, count - generated);
        generated += await writeBatch(campaignId, n, actor);
      }
      return { generated, campaign: await one(campaignId) };
    },

    async revokeCode(campaignId: number, code: string, actor: ConsoleActor) {
      await db.transaction().execute(async (trx) => {
        const r = createGiftCodesRepository(trx);
        const b = await r.batchById(campaignId);
        if (b === undefined) throw new AppError(ErrorCode.GiftCampaignNotFound);
        const hash = hashCode(code);
        const row = await r.codeInBatch(campaignId, hash);
        if (row === undefined) throw new AppError(ErrorCode.GiftCodeNotFound);
        const now = clock.now();
        if (row.revoked_at === null) await r.revokeCode(row.id, now);
        await audit(trx, actor, {
          action: 'gift_code.revoke',
          // The hash's start names the code without revealing it.
          target: `gift_code:${campaignId}:${hash.slice(0, 12)}`,
          before: { revoked: row.revoked_at !== null },
          after: { revoked: true },
          at: now,
        });
      });
      return { success: true as const, campaign: await one(campaignId) };
    },

    /** The CSV export: audited (who took the codes), then streamed. */
    async exportCsv(campaignId: number, actor: ConsoleActor) {
      const b = await repo.batchWithUsage(campaignId);
      if (b === undefined) throw new AppError(ErrorCode.GiftCampaignNotFound);
      const now = clock.now();
      await db.transaction().execute((trx) =>
        audit(trx, actor, {
          action: 'gift_code.export',
          target: `gift_campaign:${campaignId}`,
          before: null,
          after: { codes: b.exportable },
          at: now,
        }),
      );
      const expires = b.expires_at?.toISOString() ?? '';
      const cipher = deps.cipher();
      const csv = stringify({
        header: true,
        columns: [...GIFT_CODE_CSV_COLUMNS],
        record_delimiter: '\n',
      });
      const rows = (async function* () {
        for await (const c of repo.sealedCodes(campaignId)) {
          const plain = cipher.decrypt(c.sealed, codeContext(campaignId));
          const status = c.revokedAt !== null ? 'revoked' : c.uses > 0 ? 'used' : 'unused';
          yield [plain, String(campaignId), status, String(c.uses), expires].map(neutraliseCell);
        }
      })();
      return {
        filename: `gift-codes-${campaignId}-${now.toISOString().slice(0, 10)}.csv`,
        body: Readable.from(rows).pipe(csv),
      };
    },
  };
}

export type GiftCodesConsoleService = ReturnType<typeof createGiftCodesConsoleService>;
