// Data access for the catalog (0005-topup): products (game packs and HC Point packs) and the
// top-up rebate campaigns. The only code naming these two tables.
import type { Kysely, Selectable } from 'kysely';
import { everyColumn, named } from '../../db/named-statements';
import type {
  DB,
  LocalizedText,
  PackItem,
  ProductsTable,
  RebateCampaignsTable,
  RebateInfo,
  RebateTier,
} from '../../db/schema';

export type ProductKind = 'game' | 'coin';

/** Every column of `products`, for the named statement below (ADR 0062: no `*`). */
const PRODUCT_COLUMNS = everyColumn<ProductsTable>()([
  'id',
  'game_id',
  'cp_goods_id',
  'kind',
  'names',
  'price',
  'currency',
  'icon',
  'bonus',
  'gift',
  'amount',
  'items',
  'rebate',
  'server_ids',
  'sort',
  'active',
  'created_at',
  'icons',
  'sale_begin_at',
  'sale_end_at',
  'updated_at',
]);

/** A product as stored, in camelCase. */
export interface ProductRow {
  id: number;
  gameId: number;
  cpGoodsId: string;
  kind: ProductKind;
  names: LocalizedText;
  /** Integer minor units of `currency`. */
  price: number;
  currency: string;
  icon: string;
  /** Extra percent shown on the tag (docs/product/top-up.md#items). */
  bonus: number;
  /** HC Point gift (coin packs: credited to present). */
  gift: number;
  /** HC Point credited to basic by a coin pack; null for game packs. */
  amount: number | null;
  items: PackItem[];
  rebate: RebateInfo | null;
  /** null: sold on every server of the game. */
  serverIds: number[] | null;
  sort: number;
  active: boolean;
  /** Pictures per language (0018); `icon` is the default. */
  icons: LocalizedText;
  /** Sale window (0018); null = no start / no end. */
  saleBeginAt: Date | null;
  saleEndAt: Date | null;
  updatedAt: Date;
}

/** The fields the console writes (everything but the id and the times). */
export type PackWrite = Omit<ProductRow, 'id' | 'updatedAt' | 'rebate'>;

export type NewProduct = Omit<
  ProductRow,
  'id' | 'active' | 'sort' | 'rebate' | 'icons' | 'saleBeginAt' | 'saleEndAt' | 'updatedAt'
> & {
  sort?: number;
  active?: boolean;
  rebate?: RebateInfo | null;
};

export interface RebateCampaignRow {
  id: number;
  gameId: number;
  beginAt: Date | null;
  endAt: Date | null;
  tiers: RebateTier[];
  texts: LocalizedText;
  active: boolean;
  updatedAt?: Date;
}

/** The fields the console writes on a campaign. */
export type CampaignWrite = Omit<RebateCampaignRow, 'id' | 'updatedAt'>;

export type NewRebateCampaign = Omit<RebateCampaignRow, 'id' | 'active'> & { active?: boolean };

/** jsonb arrives parsed from both drivers; a string (older drivers) is parsed here. */
function json<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

function toProduct(r: Selectable<ProductsTable>): ProductRow {
  return {
    id: Number(r.id),
    gameId: r.game_id,
    cpGoodsId: r.cp_goods_id,
    kind: r.kind,
    names: json(r.names),
    price: r.price,
    currency: r.currency,
    icon: r.icon,
    bonus: r.bonus,
    gift: r.gift,
    amount: r.amount,
    items: json(r.items),
    rebate: r.rebate === null ? null : json(r.rebate),
    serverIds: r.server_ids === null ? null : r.server_ids.map(Number),
    sort: r.sort,
    active: r.active,
    icons: r.icons === undefined ? {} : json(r.icons),
    saleBeginAt: r.sale_begin_at ?? null,
    saleEndAt: r.sale_end_at ?? null,
    updatedAt: r.updated_at ?? r.created_at,
  };
}

function toCampaign(row: Selectable<RebateCampaignsTable>): RebateCampaignRow {
  return {
    id: Number(row.id),
    gameId: row.game_id,
    beginAt: row.begin_at,
    endAt: row.end_at,
    tiers: json(row.tiers),
    texts: json(row.texts),
    active: row.active,
    updatedAt: row.updated_at ?? row.created_at,
  };
}

function packValues(p: PackWrite, at: Date) {
  return {
    game_id: p.gameId,
    cp_goods_id: p.cpGoodsId,
    kind: p.kind,
    names: JSON.stringify(p.names),
    price: p.price,
    currency: p.currency,
    icon: p.icon,
    icons: JSON.stringify(p.icons),
    bonus: p.bonus,
    gift: p.gift,
    amount: p.amount,
    items: JSON.stringify(p.items),
    server_ids: p.serverIds,
    sort: p.sort,
    active: p.active,
    sale_begin_at: p.saleBeginAt,
    sale_end_at: p.saleEndAt,
    updated_at: at,
  };
}

export function createCatalogRepository(db: Kysely<DB>) {
  return {
    /** Active products of one kind of a game (unsorted: the service orders them). */
    async listActive(gameId: number, kind: ProductKind): Promise<ProductRow[]> {
      const rows = await db
        .selectFrom('products')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('kind', '=', kind)
        .where('active', '=', true)
        .execute();
      return rows.map(toProduct);
    },

    /** The active product `cpGoodsId` of a game, if any. */
    /** The active product of a game by its id in the game; named (ADR 0062: order creation). */
    async findActive(gameId: number, cpGoodsId: string): Promise<ProductRow | undefined> {
      const { rows } = await db.executeQuery(
        named(
          'products_find_active',
          db
            .selectFrom('products')
            .select(PRODUCT_COLUMNS)
            .where('game_id', '=', gameId)
            .where('cp_goods_id', '=', cpGoodsId)
            .where('active', '=', true)
            .compile(),
        ),
      );
      const row = rows[0];
      return row && toProduct(row);
    },

    async countByKind(gameId: number): Promise<Record<ProductKind, number>> {
      const rows = await db
        .selectFrom('products')
        .select(['kind', (eb) => eb.fn.countAll<number>().as('n')])
        .where('game_id', '=', gameId)
        .groupBy('kind')
        .execute();
      const out: Record<ProductKind, number> = { game: 0, coin: 0 };
      for (const r of rows) out[r.kind] = Number(r.n);
      return out;
    },

    async insertProducts(products: NewProduct[]): Promise<void> {
      if (products.length === 0) return;
      await db
        .insertInto('products')
        .values(
          products.map((p) => ({
            game_id: p.gameId,
            cp_goods_id: p.cpGoodsId,
            kind: p.kind,
            names: JSON.stringify(p.names),
            price: p.price,
            currency: p.currency,
            icon: p.icon,
            bonus: p.bonus,
            gift: p.gift,
            amount: p.amount,
            items: JSON.stringify(p.items),
            rebate: p.rebate == null ? null : JSON.stringify(p.rebate),
            server_ids: p.serverIds,
            sort: p.sort ?? 0,
            active: p.active ?? true,
          })),
        )
        .execute();
    },

    /** The newest active campaign of a game running at `now` (begin <= now < end). */
    async currentCampaign(gameId: number, now: Date): Promise<RebateCampaignRow | undefined> {
      const row = await db
        .selectFrom('rebate_campaigns')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('active', '=', true)
        .where((eb) => eb.or([eb('begin_at', 'is', null), eb('begin_at', '<=', now)]))
        .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', now)]))
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row && toCampaign(row);
    },

    /** Every product of one kind of a game, enabled or not (the console). */
    async listAll(gameId: number, kind: ProductKind): Promise<ProductRow[]> {
      const rows = await db
        .selectFrom('products')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('kind', '=', kind)
        .execute();
      return rows.map(toProduct);
    },

    /** A product by id; `forUpdate` locks the row (call on a repository over the transaction). */
    async byId(id: number, forUpdate = false): Promise<ProductRow | undefined> {
      let q = db.selectFrom('products').selectAll().where('id', '=', id);
      if (forUpdate) q = q.forUpdate();
      const row = await q.executeTakeFirst();
      return row && toProduct(row);
    },

    /** The product of a game with this item id, enabled or not (the id is unique per game). */
    async byGoodsId(gameId: number, cpGoodsId: string): Promise<ProductRow | undefined> {
      const row = await db
        .selectFrom('products')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('cp_goods_id', '=', cpGoodsId)
        .executeTakeFirst();
      return row && toProduct(row);
    },

    async insertPack(p: PackWrite, at: Date): Promise<ProductRow> {
      const row = await db
        .insertInto('products')
        .values({ ...packValues(p, at), created_at: at })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toProduct(row);
    },

    /** Writes every console field of a pack (its game and kind stay). */
    async updatePack(id: number, p: PackWrite, at: Date): Promise<ProductRow> {
      const { game_id: _game, kind: _kind, ...values } = packValues(p, at);
      const row = await db
        .updateTable('products')
        .set(values)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toProduct(row);
    },

    /** Every campaign of a game, latest window first. */
    async listCampaigns(gameId: number): Promise<RebateCampaignRow[]> {
      const rows = await db
        .selectFrom('rebate_campaigns')
        .selectAll()
        .where('game_id', '=', gameId)
        .orderBy('begin_at', (ob) => ob.desc().nullsLast())
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toCampaign);
    },

    /** A campaign by id; `forUpdate` locks the row. */
    async campaignById(id: number, forUpdate = false): Promise<RebateCampaignRow | undefined> {
      let q = db.selectFrom('rebate_campaigns').selectAll().where('id', '=', id);
      if (forUpdate) q = q.forUpdate();
      const row = await q.executeTakeFirst();
      return row && toCampaign(row);
    },

    /**
     * Enabled campaigns of a game whose window meets [begin, end) (null = open), other than
     * `exceptId`. Locks the game's campaign rows so two writers cannot both pass the check.
     */
    async overlappingCampaigns(
      gameId: number,
      begin: Date | null,
      end: Date | null,
      exceptId?: number,
    ): Promise<RebateCampaignRow[]> {
      let q = db
        .selectFrom('rebate_campaigns')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('active', '=', true);
      if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
      if (end !== null)
        q = q.where((eb) => eb.or([eb('begin_at', 'is', null), eb('begin_at', '<', end)]));
      if (begin !== null)
        q = q.where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', begin)]));
      const rows = await q.forUpdate().execute();
      return rows.map(toCampaign);
    },

    async updateCampaign(id: number, c: CampaignWrite, at: Date): Promise<RebateCampaignRow> {
      const row = await db
        .updateTable('rebate_campaigns')
        .set({
          begin_at: c.beginAt,
          end_at: c.endAt,
          tiers: JSON.stringify(c.tiers),
          texts: JSON.stringify(c.texts),
          active: c.active,
          updated_at: at,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toCampaign(row);
    },

    async insertCampaignRow(c: CampaignWrite, at: Date): Promise<RebateCampaignRow> {
      const row = await db
        .insertInto('rebate_campaigns')
        .values({
          game_id: c.gameId,
          begin_at: c.beginAt,
          end_at: c.endAt,
          tiers: JSON.stringify(c.tiers),
          texts: JSON.stringify(c.texts),
          active: c.active,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toCampaign(row);
    },

    /** A lock on the game row: serialises campaign writes of one game (overlap check). */
    async lockGame(gameId: number): Promise<boolean> {
      const row = await db
        .selectFrom('games')
        .select('id')
        .where('id', '=', gameId)
        .forUpdate()
        .executeTakeFirst();
      return row !== undefined;
    },

    async countCampaigns(gameId: number): Promise<number> {
      const row = await db
        .selectFrom('rebate_campaigns')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('game_id', '=', gameId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insertCampaign(campaign: NewRebateCampaign): Promise<number> {
      const row = await db
        .insertInto('rebate_campaigns')
        .values({
          game_id: campaign.gameId,
          begin_at: campaign.beginAt,
          end_at: campaign.endAt,
          tiers: JSON.stringify(campaign.tiers),
          texts: JSON.stringify(campaign.texts),
          active: campaign.active ?? true,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
