// Editing the catalog from the console (docs/console.md#catalog, ADR 0047): game packs, HC Point
// packs and rebate campaigns. Every write checks what the player's top-up page could not show or
// sell, runs in one transaction with its audit row (before/after of the changed fields), and then
// invalidates the catalogue caches of every node. The preview answers the player calls' own shape,
// built by the same functions (toWireProduct, rebateInfo), from the database rather than the cache.
import {
  ErrorCode,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  toUnixSeconds,
  type Language,
  type Pack,
  type PackFields,
  type PackKind,
  type PackStatus,
  type RebateCampaign,
  type RebateFields,
} from '@hc/contract';
import type { Kysely } from 'kysely';
import type { DB, LocalizedText } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { createAuditRepository } from '../audit/audit.repository';
import { createGamesRepository } from '../games/games.repository';
import type { ImagesService } from '../media/images.service';
import {
  createCatalogRepository,
  type CampaignWrite,
  type PackWrite,
  type ProductRow,
  type RebateCampaignRow,
} from './catalog.repository';
import {
  compareProducts,
  isSoldOn,
  onSale,
  toWireProduct,
  type CatalogService,
} from './catalog.service';

export interface EditorActor {
  name: string;
  ip: string;
}

interface Issue {
  path: string;
  message: string;
}

const fromTs = (ts: number | null) => (ts === null ? null : new Date(ts * 1000));
const toTs = (d: Date | null) => (d === null ? null : toUnixSeconds(d));

/** Keeps only the languages with a non-empty text. */
function compact(texts: Partial<Record<string, string | undefined>>): LocalizedText {
  const out: LocalizedText = {};
  for (const l of LANGUAGES) {
    const v = texts[l]?.trim();
    if (v) out[l] = v;
  }
  return out;
}

const missing = (texts: LocalizedText) => LANGUAGES.filter((l) => !texts[l]?.trim());

export function packStatus(
  row: Pick<ProductRow, 'active' | 'saleBeginAt' | 'saleEndAt'>,
  now: Date,
): PackStatus {
  if (!row.active) return 'disabled';
  if (row.saleBeginAt !== null && row.saleBeginAt > now) return 'scheduled';
  if (row.saleEndAt !== null && row.saleEndAt <= now) return 'ended';
  return 'on_sale';
}

function toPack(row: ProductRow, now: Date): Pack {
  const images: Partial<Record<Language, string>> = {};
  if (row.icon) images[FALLBACK_LANGUAGE] = row.icon;
  for (const l of LANGUAGES) {
    const url = row.icons[l];
    if (url && l !== FALLBACK_LANGUAGE) images[l] = url;
  }
  return {
    id: row.id,
    gameId: row.gameId,
    kind: row.kind,
    cpGoodsId: row.cpGoodsId,
    names: compact(row.names),
    images,
    price: row.price,
    currency: row.currency as Pack['currency'],
    bonus: row.bonus,
    gift: row.gift,
    amount: row.amount,
    items: row.items,
    serverIds: row.serverIds,
    sort: row.sort,
    enabled: row.active,
    saleBegin: toTs(row.saleBeginAt),
    saleEnd: toTs(row.saleEndAt),
    status: packStatus(row, now),
    missingNames: missing(row.names),
    updatedAt: toUnixSeconds(row.updatedAt),
  };
}

/** What the audit log keeps of a pack. */
function packAudit(row: ProductRow): Record<string, unknown> {
  return {
    cpGoodsId: row.cpGoodsId,
    names: row.names,
    icon: row.icon,
    icons: row.icons,
    price: row.price,
    currency: row.currency,
    bonus: row.bonus,
    gift: row.gift,
    amount: row.amount,
    items: row.items,
    serverIds: row.serverIds,
    sort: row.sort,
    enabled: row.active,
    saleBegin: toTs(row.saleBeginAt),
    saleEnd: toTs(row.saleEndAt),
  };
}

/** The fields whose JSON differs, before and after. */
function changed(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

function campaignStatus(row: RebateCampaignRow, now: Date): RebateCampaign['status'] {
  if (!row.active) return 'disabled';
  if (row.beginAt !== null && row.beginAt > now) return 'scheduled';
  if (row.endAt !== null && row.endAt <= now) return 'ended';
  return 'running';
}

function toCampaign(row: RebateCampaignRow, now: Date): RebateCampaign {
  return {
    id: row.id,
    gameId: row.gameId,
    begin: toTs(row.beginAt),
    end: toTs(row.endAt),
    tiers: [...row.tiers]
      .sort((x, y) => x.threshold - y.threshold)
      .map((t) => ({
        threshold: t.threshold,
        currency: t.currency as RebateCampaign['tiers'][number]['currency'],
        percent: t.percent,
      })),
    texts: compact(row.texts),
    enabled: row.active,
    status: campaignStatus(row, now),
    missingTexts: missing(row.texts),
    updatedAt: toUnixSeconds(row.updatedAt ?? now),
  };
}

function campaignAudit(row: RebateCampaignRow): Record<string, unknown> {
  return {
    begin: toTs(row.beginAt),
    end: toTs(row.endAt),
    tiers: row.tiers,
    texts: row.texts,
    enabled: row.active,
  };
}

export function createCatalogEditor(deps: {
  db: Kysely<DB>;
  clock: Clock;
  catalog: CatalogService;
  images: ImagesService;
  /** Drops the catalogue caches of every node (after the change committed). */
  invalidate: () => Promise<void>;
}) {
  const { db, clock } = deps;
  const repo = createCatalogRepository(db);
  const games = createGamesRepository(db);

  async function gameList() {
    return (await games.list()).map((g) => ({ id: g.id, name: g.name }));
  }

  /** The game asked for (CatalogGameNotFound when unknown), else the first; null: no game. */
  async function pickGame(gameId: number | undefined) {
    const list = await gameList();
    if (gameId !== undefined && !list.some((g) => g.id === gameId))
      throw new AppError(ErrorCode.CatalogGameNotFound);
    return { games: list, gameId: gameId ?? list[0]?.id ?? null };
  }

  /** What the player pages could not show or sell, as issues (path, reason). */
  async function packIssues(kind: PackKind, f: PackFields, current?: ProductRow): Promise<Issue[]> {
    const issues: Issue[] = [];
    if (f.enabled && !f.names[FALLBACK_LANGUAGE]?.trim())
      issues.push({
        path: `names.${FALLBACK_LANGUAGE}`,
        message: 'An enabled pack needs an en-US name',
      });
    if (f.enabled && !f.images[FALLBACK_LANGUAGE])
      issues.push({
        path: `images.${FALLBACK_LANGUAGE}`,
        message: 'An enabled pack needs an en-US picture',
      });
    if (f.saleBegin !== null && f.saleEnd !== null && f.saleEnd <= f.saleBegin)
      issues.push({ path: 'saleEnd', message: 'The sale must end after it begins' });
    if (kind === 'coin') {
      if (f.amount === null)
        issues.push({ path: 'amount', message: 'An HC Point pack credits an amount of HC Point' });
      if (f.items.length > 0)
        issues.push({ path: 'items', message: 'An HC Point pack delivers no game items' });
      if (f.serverIds !== null)
        issues.push({ path: 'serverIds', message: 'HC Point packs are sold on every server' });
    } else if (f.amount !== null) {
      issues.push({ path: 'amount', message: 'A game pack credits no HC Point amount' });
    }
    // A picture the pack already has may stay (demo data's site paths); a new one must be an upload.
    const kept = new Set(
      current === undefined ? [] : [current.icon, ...Object.values(current.icons)],
    );
    const urls = LANGUAGES.flatMap((l) => {
      const url = f.images[l];
      return url === undefined || kept.has(url) ? [] : [[l, url] as const];
    });
    const unknown = new Set(await deps.images.unknownUrls(urls.map(([, u]) => u)));
    for (const [l, url] of urls)
      if (unknown.has(url)) issues.push({ path: `images.${l}`, message: 'Not an uploaded image' });
    return issues;
  }

  function packWrite(gameId: number, kind: PackKind, f: PackFields): PackWrite {
    const icons: LocalizedText = {};
    for (const l of LANGUAGES) {
      const url = f.images[l];
      if (url !== undefined && l !== FALLBACK_LANGUAGE) icons[l] = url;
    }
    return {
      gameId,
      kind,
      cpGoodsId: f.cpGoodsId,
      names: compact(f.names),
      icon: f.images[FALLBACK_LANGUAGE] ?? '',
      icons,
      price: f.price,
      currency: f.currency,
      bonus: f.bonus,
      gift: f.gift,
      amount: kind === 'coin' ? f.amount : null,
      items: f.items,
      serverIds: f.serverIds === null ? null : [...new Set(f.serverIds)].sort((a, b) => a - b),
      sort: f.sort,
      active: f.enabled,
      saleBeginAt: fromTs(f.saleBegin),
      saleEndAt: fromTs(f.saleEnd),
    };
  }

  async function checkPack(kind: PackKind, f: PackFields, current?: ProductRow) {
    const issues = await packIssues(kind, f, current);
    if (issues.length > 0) throw new AppError(ErrorCode.CatalogPackInvalid, { issues });
  }

  function campaignIssues(f: RebateFields): Issue[] {
    const issues: Issue[] = [];
    if (f.begin !== null && f.end !== null && f.end <= f.begin)
      issues.push({ path: 'end', message: 'The campaign must end after it begins' });
    const seen = new Set<string>();
    f.tiers.forEach((t, i) => {
      const key = `${t.currency}:${t.threshold}`;
      if (seen.has(key))
        issues.push({ path: `tiers.${i}.threshold`, message: 'Each tier needs its own threshold' });
      seen.add(key);
    });
    if (f.enabled && !f.texts[FALLBACK_LANGUAGE]?.trim())
      issues.push({
        path: `texts.${FALLBACK_LANGUAGE}`,
        message: 'An enabled campaign needs an en-US text',
      });
    return issues;
  }

  function campaignWrite(gameId: number, f: RebateFields): CampaignWrite {
    return {
      gameId,
      beginAt: fromTs(f.begin),
      endAt: fromTs(f.end),
      tiers: [...f.tiers].sort((a, b) => a.threshold - b.threshold),
      texts: compact(f.texts),
      active: f.enabled,
    };
  }

  return {
    async packs(gameId: number | undefined, kind: PackKind) {
      const picked = await pickGame(gameId);
      const now = clock.now();
      const rows = picked.gameId === null ? [] : await repo.listAll(picked.gameId, kind);
      return { ...picked, list: rows.sort(compareProducts).map((r) => toPack(r, now)) };
    },

    async createPack(
      input: PackFields & { gameId: number; kind: PackKind },
      actor: EditorActor,
    ): Promise<Pack> {
      await checkPack(input.kind, input);
      const at = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        const r = createCatalogRepository(trx);
        if (!(await r.lockGame(input.gameId))) throw new AppError(ErrorCode.CatalogGameNotFound);
        if ((await r.byGoodsId(input.gameId, input.cpGoodsId)) !== undefined)
          throw new AppError(ErrorCode.CatalogGoodsIdTaken);
        const created = await r.insertPack(packWrite(input.gameId, input.kind, input), at);
        await createAuditRepository(trx).append({
          actorKind: 'operator',
          actor: actor.name,
          ip: actor.ip,
          action: 'catalog.pack.create',
          target: `product:${created.id}`,
          before: null,
          after: { gameId: created.gameId, kind: created.kind, ...packAudit(created) },
          at,
        });
        return created;
      });
      await deps.invalidate();
      return toPack(row, clock.now());
    },

    async updatePack(input: PackFields & { id: number }, actor: EditorActor): Promise<Pack> {
      const current = await repo.byId(input.id);
      if (current === undefined) throw new AppError(ErrorCode.CatalogPackNotFound);
      await checkPack(current.kind, input, current);
      const at = clock.now();
      const row = await db.transaction().execute(async (trx) => {
        const r = createCatalogRepository(trx);
        if (!(await r.lockGame(current.gameId))) throw new AppError(ErrorCode.CatalogGameNotFound);
        const before = await r.byId(input.id, true);
        if (before === undefined) throw new AppError(ErrorCode.CatalogPackNotFound);
        if (input.cpGoodsId !== before.cpGoodsId) {
          const other = await r.byGoodsId(before.gameId, input.cpGoodsId);
          if (other !== undefined) throw new AppError(ErrorCode.CatalogGoodsIdTaken);
        }
        const after = await r.updatePack(
          before.id,
          packWrite(before.gameId, before.kind, input),
          at,
        );
        const diff = changed(packAudit(before), packAudit(after));
        await createAuditRepository(trx).append({
          actorKind: 'operator',
          actor: actor.name,
          ip: actor.ip,
          action: 'catalog.pack.update',
          target: `product:${after.id}`,
          before: diff.before,
          after: diff.after,
          at,
        });
        return after;
      });
      await deps.invalidate();
      return toPack(row, clock.now());
    },

    /** The top-up page as players see it now, in `language`, from the database. */
    async preview(input: {
      gameId: number;
      kind: PackKind;
      language: Language;
      serverId?: number | undefined;
    }) {
      await pickGame(input.gameId);
      const now = clock.now();
      const rows = (await repo.listAll(input.gameId, input.kind))
        .filter(
          (p) =>
            input.kind === 'coin' || input.serverId === undefined || isSoldOn(p, input.serverId),
        )
        .sort(compareProducts);
      const all = rows.map((p) => {
        const status = packStatus(p, now);
        const product = toWireProduct(p, input.language, now);
        return status === 'on_sale' ? product : { ...product, hidden: status };
      });
      const list = rows
        .filter((p) => p.active && onSale(p, now))
        .map((p) => toWireProduct(p, input.language, now));
      return { list, all, rebate: await deps.catalog.rebateInfo(input.gameId, input.language) };
    },

    async rebates(gameId: number | undefined) {
      const picked = await pickGame(gameId);
      const now = clock.now();
      const rows = picked.gameId === null ? [] : await repo.listCampaigns(picked.gameId);
      return { ...picked, list: rows.map((r) => toCampaign(r, now)) };
    },

    async createRebate(input: RebateFields & { gameId: number }, actor: EditorActor) {
      const issues = campaignIssues(input);
      if (issues.length > 0) throw new AppError(ErrorCode.RebateCampaignInvalid, { issues });
      const at = clock.now();
      const write = campaignWrite(input.gameId, input);
      const row = await db.transaction().execute(async (trx) => {
        const r = createCatalogRepository(trx);
        if (!(await r.lockGame(input.gameId))) throw new AppError(ErrorCode.CatalogGameNotFound);
        if (write.active) {
          const [other] = await r.overlappingCampaigns(input.gameId, write.beginAt, write.endAt);
          if (other !== undefined)
            throw new AppError(ErrorCode.RebateCampaignOverlap, { campaignId: other.id });
        }
        const created = await r.insertCampaignRow(write, at);
        await createAuditRepository(trx).append({
          actorKind: 'operator',
          actor: actor.name,
          ip: actor.ip,
          action: 'catalog.rebate.create',
          target: `rebate_campaign:${created.id}`,
          before: null,
          after: { gameId: created.gameId, ...campaignAudit(created) },
          at,
        });
        return created;
      });
      await deps.invalidate();
      return toCampaign(row, clock.now());
    },

    async updateRebate(input: RebateFields & { id: number }, actor: EditorActor) {
      const issues = campaignIssues(input);
      if (issues.length > 0) throw new AppError(ErrorCode.RebateCampaignInvalid, { issues });
      const current = await repo.campaignById(input.id);
      if (current === undefined) throw new AppError(ErrorCode.RebateCampaignNotFound);
      const at = clock.now();
      const write = campaignWrite(current.gameId, input);
      const row = await db.transaction().execute(async (trx) => {
        const r = createCatalogRepository(trx);
        await r.lockGame(current.gameId);
        const before = await r.campaignById(input.id, true);
        if (before === undefined) throw new AppError(ErrorCode.RebateCampaignNotFound);
        if (write.active) {
          const [other] = await r.overlappingCampaigns(
            before.gameId,
            write.beginAt,
            write.endAt,
            before.id,
          );
          if (other !== undefined)
            throw new AppError(ErrorCode.RebateCampaignOverlap, { campaignId: other.id });
        }
        const after = await r.updateCampaign(before.id, write, at);
        const diff = changed(campaignAudit(before), campaignAudit(after));
        await createAuditRepository(trx).append({
          actorKind: 'operator',
          actor: actor.name,
          ip: actor.ip,
          action: 'catalog.rebate.update',
          target: `rebate_campaign:${after.id}`,
          before: diff.before,
          after: diff.after,
          at,
        });
        return after;
      });
      await deps.invalidate();
      return toCampaign(row, clock.now());
    },
  };
}

export type CatalogEditor = ReturnType<typeof createCatalogEditor>;
