// Data access for gift codes (0006-account-content): redeem_batches, redeem_codes, redemptions
// and redeem_attempts. The only code naming these tables.
import { sql, type Kysely, type Selectable } from 'kysely';
import type {
  DB,
  PackItem,
  RedeemBatchesTable,
  RedeemCodesTable,
  RedemptionsTable,
} from '../../db/schema';

export type BatchRow = Selectable<RedeemBatchesTable>;
export type CodeRow = Selectable<RedeemCodesTable>;
export type RedemptionRow = Selectable<RedemptionsTable>;

export interface NewBatch {
  gameId: number;
  name: string;
  kind: 'single' | 'shared';
  /** A game pack, or null for an HC Point campaign (`points`). */
  productId: number | null;
  points?: number | null;
  startsAt?: Date | null;
  expiresAt: Date | null;
  totalCap: number | null;
  perAccountLimit: number;
}

/** A campaign (batch) with the counts the console shows. */
export interface BatchWithUsage extends BatchRow {
  cp_goods_id: string | null;
  codes: number;
  revoked_codes: number;
  unused_codes: number;
  exportable: number;
}

export interface BatchFilter {
  gameId?: number | undefined;
  q?: string | undefined;
  status?: 'scheduled' | 'active' | 'expired' | 'revoked' | undefined;
}

/** A pack product as redeem needs it (game packs only; inactive ones too: gift-only packs). */
export interface PackProduct {
  id: number;
  gameId: number;
  cpGoodsId: string;
  items: PackItem[];
}

// bigint columns come back as strings from pg.
const batch = (r: BatchRow): BatchRow => ({
  ...r,
  id: Number(r.id),
  product_id: r.product_id === null ? null : Number(r.product_id),
});
const code = (r: CodeRow): CodeRow => ({ ...r, id: Number(r.id), batch_id: Number(r.batch_id) });
const redemption = (r: RedemptionRow): RedemptionRow => ({
  ...r,
  id: Number(r.id),
  code_id: Number(r.code_id),
  batch_id: Number(r.batch_id),
  account_id: Number(r.account_id),
  game_account_id: Number(r.game_account_id),
});

function json<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** `db` is the pool or a transaction (ADR 0037). */
export function createGiftCodesRepository(db: Kysely<DB>) {
  return {
    async codeByHash(hash: string, opts: { forUpdate?: boolean } = {}) {
      let q = db.selectFrom('redeem_codes').selectAll().where('code_hash', '=', hash);
      if (opts.forUpdate === true) q = q.forUpdate();
      const row = await q.executeTakeFirst();
      return row && code(row);
    },

    async batchById(id: number, opts: { forUpdate?: boolean } = {}) {
      let q = db.selectFrom('redeem_batches').selectAll().where('id', '=', id);
      if (opts.forUpdate === true) q = q.forUpdate();
      const row = await q.executeTakeFirst();
      return row && batch(row);
    },

    /** A game pack of the game by its cp_goods_id, active or not. */
    async packByGoodsId(gameId: number, cpGoodsId: string) {
      const row = await db
        .selectFrom('products')
        .select(['id', 'game_id', 'cp_goods_id', 'items'])
        .where('game_id', '=', gameId)
        .where('cp_goods_id', '=', cpGoodsId)
        .where('kind', '=', 'game')
        .executeTakeFirst();
      return row && toPack(row);
    },

    async packById(id: number): Promise<PackProduct | undefined> {
      const row = await db
        .selectFrom('products')
        .select(['id', 'game_id', 'cp_goods_id', 'items'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toPack(row);
    },

    /** Redemptions of one batch by one account: all of them, and how many were of `codeId`. */
    async accountUse(accountId: number, batchId: number, codeId: number) {
      const rows = await db
        .selectFrom('redemptions')
        .select('code_id')
        .where('account_id', '=', accountId)
        .where('batch_id', '=', batchId)
        .execute();
      return {
        inBatch: rows.length,
        ofCode: rows.filter((r) => Number(r.code_id) === codeId).length,
      };
    },

    /** The next redemption id, taken before the insert so the delivery id can carry it. */
    async nextRedemptionId(): Promise<number> {
      const r = await sql<{ id: string | number }>`
        select nextval(pg_get_serial_sequence('redemptions', 'id')) as id`.execute(db);
      return Number(r.rows[0]?.id);
    },

    async insertRedemption(
      row: Omit<RedemptionRow, 'status' | 'created_at' | 'delivered_at'> & { createdAt: Date },
    ): Promise<void> {
      const { createdAt, ...values } = row;
      await db
        .insertInto('redemptions')
        .values({ ...values, created_at: createdAt })
        .execute();
    },

    async countUse(codeId: number, batchId: number): Promise<void> {
      await db
        .updateTable('redeem_codes')
        .set((eb) => ({ uses: eb('uses', '+', 1) }))
        .where('id', '=', codeId)
        .execute();
      await db
        .updateTable('redeem_batches')
        .set((eb) => ({ redeemed: eb('redeemed', '+', 1) }))
        .where('id', '=', batchId)
        .execute();
    },

    async redemptionById(id: number) {
      const row = await db
        .selectFrom('redemptions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && redemption(row);
    },

    /** pending -> delivered; false when it was already delivered. */
    async markDelivered(id: number, now: Date): Promise<boolean> {
      const r = await db
        .updateTable('redemptions')
        .set({ status: 'delivered', delivered_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async insertBatch(b: NewBatch, now: Date): Promise<number> {
      const row = await db
        .insertInto('redeem_batches')
        .values({
          game_id: b.gameId,
          name: b.name,
          kind: b.kind,
          product_id: b.productId,
          points: b.points ?? null,
          starts_at: b.startsAt ?? null,
          expires_at: b.expiresAt,
          total_cap: b.totalCap,
          per_account_limit: b.perAccountLimit,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** Inserts the code hashes of a batch (500 per statement). */
    async insertCodes(batchId: number, hashes: string[], now: Date): Promise<void> {
      for (let i = 0; i < hashes.length; i += 500) {
        await db
          .insertInto('redeem_codes')
          .values(
            hashes
              .slice(i, i + 500)
              .map((h) => ({ batch_id: batchId, code_hash: h, created_at: now })),
          )
          .execute();
      }
    },

    /**
     * Inserts codes (hash and sealed code); a hash that exists already is skipped by the unique
     * constraint. Answers the hashes written.
     */
    async insertSealedCodes(
      batchId: number,
      codes: Array<{ hash: string; sealed: string }>,
      now: Date,
    ): Promise<Set<string>> {
      if (codes.length === 0) return new Set();
      const rows = await db
        .insertInto('redeem_codes')
        .values(
          codes.map((c) => ({
            batch_id: batchId,
            code_hash: c.hash,
            code_enc: c.sealed,
            created_at: now,
          })),
        )
        .onConflict((oc) => oc.column('code_hash').doNothing())
        .returning('code_hash')
        .execute();
      return new Set(rows.map((r) => r.code_hash));
    },

    /** One page of campaigns, newest first, with their counts. */
    async gameExists(gameId: number): Promise<boolean> {
      const row = await db
        .selectFrom('games')
        .select('id')
        .where('id', '=', gameId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async batchWithUsage(id: number): Promise<BatchWithUsage | undefined> {
      const { rows } = await this.pageBatches({ id }, new Date(0), 1, 1);
      return rows[0];
    },

    async pageBatches(f: BatchFilter & { id?: number }, now: Date, page: number, size: number) {
      let q = db
        .selectFrom('redeem_batches as b')
        .leftJoin('products as p', 'p.id', 'b.product_id');
      if (f.id !== undefined) q = q.where('b.id', '=', f.id);
      if (f.gameId !== undefined) q = q.where('b.game_id', '=', f.gameId);
      if (f.q !== undefined)
        q = q.where('b.name', 'ilike', `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      if (f.status === 'revoked') q = q.where('b.revoked_at', 'is not', null);
      else if (f.status !== undefined) {
        q = q.where('b.revoked_at', 'is', null);
        if (f.status === 'scheduled') q = q.where('b.starts_at', '>', now);
        if (f.status === 'expired') q = q.where('b.expires_at', '<=', now);
        if (f.status === 'active')
          q = q
            .where((eb) => eb.or([eb('b.starts_at', 'is', null), eb('b.starts_at', '<=', now)]))
            .where((eb) => eb.or([eb('b.expires_at', 'is', null), eb('b.expires_at', '>', now)]));
      }
      const [rows, count] = await Promise.all([
        q
          .selectAll('b')
          .select('p.cp_goods_id')
          .select((eb) => [
            eb
              .selectFrom('redeem_codes as c')
              .whereRef('c.batch_id', '=', 'b.id')
              .select((e) => e.fn.countAll<string>().as('n'))
              .as('codes'),
            eb
              .selectFrom('redeem_codes as c')
              .whereRef('c.batch_id', '=', 'b.id')
              .where('c.revoked_at', 'is not', null)
              .select((e) => e.fn.countAll<string>().as('n'))
              .as('revoked_codes'),
            eb
              .selectFrom('redeem_codes as c')
              .whereRef('c.batch_id', '=', 'b.id')
              .where('c.revoked_at', 'is', null)
              .where('c.uses', '=', 0)
              .select((e) => e.fn.countAll<string>().as('n'))
              .as('unused_codes'),
            eb
              .selectFrom('redeem_codes as c')
              .whereRef('c.batch_id', '=', 'b.id')
              .where('c.code_enc', 'is not', null)
              .select((e) => e.fn.countAll<string>().as('n'))
              .as('exportable'),
          ])
          .orderBy('b.id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map((r): BatchWithUsage => ({
          ...batch(r),
          cp_goods_id: r.cp_goods_id ?? null,
          codes: Number(r.codes ?? 0),
          revoked_codes: Number(r.revoked_codes ?? 0),
          unused_codes: Number(r.unused_codes ?? 0),
          exportable: Number(r.exportable ?? 0),
        })),
        total: Number(count.n),
      };
    },

    async updateBatch(
      id: number,
      change: Partial<{
        name: string;
        per_account_limit: number;
        total_cap: number | null;
        starts_at: Date | null;
        expires_at: Date | null;
        revoked_at: Date;
      }>,
    ): Promise<void> {
      await db.updateTable('redeem_batches').set(change).where('id', '=', id).execute();
    },

    /** A code of a batch by its hash, locked. */
    async codeInBatch(batchId: number, hash: string) {
      const row = await db
        .selectFrom('redeem_codes')
        .selectAll()
        .where('batch_id', '=', batchId)
        .where('code_hash', '=', hash)
        .forUpdate()
        .executeTakeFirst();
      return row && code(row);
    },

    async revokeCode(id: number, now: Date): Promise<void> {
      await db.updateTable('redeem_codes').set({ revoked_at: now }).where('id', '=', id).execute();
    },

    /** Every exportable code of a batch, by id, read in batches (for the CSV export). */
    async *sealedCodes(batchId: number, size = 1000) {
      let after = 0;
      for (;;) {
        const rows = await db
          .selectFrom('redeem_codes')
          .select(['id', 'code_enc', 'uses', 'revoked_at'])
          .where('batch_id', '=', batchId)
          .where('code_enc', 'is not', null)
          .where('id', '>', after)
          .orderBy('id')
          .limit(size)
          .execute();
        for (const r of rows)
          yield {
            id: Number(r.id),
            sealed: r.code_enc as string,
            uses: r.uses,
            revokedAt: r.revoked_at,
          };
        if (rows.length < size) return;
        after = Number(rows[rows.length - 1]?.id);
      }
    },

    async existingHashes(hashes: string[]): Promise<Set<string>> {
      if (hashes.length === 0) return new Set();
      const rows = await db
        .selectFrom('redeem_codes')
        .select('code_hash')
        .where('code_hash', 'in', hashes)
        .execute();
      return new Set(rows.map((r) => r.code_hash));
    },

    async countBatches(): Promise<number> {
      const row = await db
        .selectFrom('redeem_batches')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async recordAttempt(a: {
      accountId: number | null;
      ip: string;
      success: boolean;
      at: Date;
    }): Promise<void> {
      await db
        .insertInto('redeem_attempts')
        .values({ account_id: a.accountId, ip: a.ip, success: a.success, created_at: a.at })
        .execute();
    },
  };
}

function toPack(r: {
  id: number | string;
  game_id: number;
  cp_goods_id: string;
  items: PackItem[] | string;
}): PackProduct {
  return { id: Number(r.id), gameId: r.game_id, cpGoodsId: r.cp_goods_id, items: json(r.items) };
}

export type GiftCodesRepository = ReturnType<typeof createGiftCodesRepository>;
