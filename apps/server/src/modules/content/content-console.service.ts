// The console's Content section (docs/console.md#content, ADR 0048): articles, bulletins, the home
// configuration and its blocks, and the footer pages. Every write runs in one transaction with
// its audit row (who, from where, what, before and after). HTML is sanitised by the repository
// when stored (lib/sanitize-html.ts, the allow-list the player pages rely on) and again by the
// player-shape builders of content.service.ts, which the previews reuse: a preview shows what a
// player would get.
import {
  ErrorCode,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  toUnixSeconds,
  type ArticleStatus,
  type BulletinStatus,
  type ConsoleArticle,
  type ConsoleArticleItem,
  type ConsoleBlock,
  type ConsoleBulletin,
  type ConsoleBulletinItem,
  type ConsoleHome,
  type ConsolePage,
  type DocTexts,
  type Language,
  type SitePageSlug,
  SITE_PAGE_SLUGS,
  type BulletinTexts as BulletinTextsInput,
  type HomeSettings,
} from '@hc/contract';
import type { Kysely } from 'kysely';
import type { BulletinTexts, DB, LocalizedDoc } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { plainTextExcerpt, sanitizeHtml } from '../../lib/sanitize-html';
import { createAuditRepository } from '../audit/audit.repository';
import { createGamesRepository } from '../games/games.repository';
import { createBulletinsRepository, type BulletinRow } from './bulletins.repository';
import {
  createContentRepository,
  homeConfigSchema,
  type ArticleChange,
  type ConsoleArticleRow,
  type ContentBlockRow,
  type DocText,
  type HomeConfig,
} from './content.repository';
import { articleOf, blockOf, homeConfOf, pageOf } from './content.service';

/** The operator making a change (ctx.operator of a console call). */
export interface ContentActor {
  name: string;
  ip: string;
}

type Texts = Partial<Record<string, { title: string; content: string }>>;

/** Has the HTML any text or image once sanitised? (`<p></p>` from an empty editor has not.) */
function hasBody(html: string): boolean {
  const clean = sanitizeHtml(html);
  return plainTextExcerpt(clean) !== '' || /<img\s/i.test(clean);
}

/**
 * The languages as they will be stored: known languages only, titles trimmed, a body without
 * text or image emptied, a language with neither title nor body dropped.
 */
export function normaliseDocTexts(texts: DocTexts): Record<string, DocText> {
  const out: Record<string, DocText> = {};
  for (const lang of LANGUAGES) {
    const doc = texts[lang];
    if (doc === undefined) continue;
    const title = doc.title.trim();
    const content = hasBody(doc.content) ? doc.content : '';
    if (title === '' && content === '') continue;
    out[lang] = { title, content };
  }
  return out;
}

function normaliseBulletinTexts(texts: BulletinTextsInput): BulletinTexts {
  const out: BulletinTexts = {};
  for (const lang of LANGUAGES) {
    const t = texts[lang];
    if (t === undefined) continue;
    const title = plainTextExcerpt(t.title, 200);
    const content = t.content.trim();
    if (title === '' && content === '' && t.link === null) continue;
    out[lang] = { title, content, link: t.link };
  }
  return out;
}

/** The player languages without both a title and a body (or text). */
export function missingLanguages(texts: Texts): Language[] {
  return LANGUAGES.filter((l) => {
    const t = texts[l];
    return t === undefined || t.title.trim() === '' || t.content.trim() === '';
  });
}

function requireFallback(texts: Texts): void {
  if (missingLanguages(texts).includes(FALLBACK_LANGUAGE))
    throw new AppError(ErrorCode.ContentFallbackMissing);
}

/** The en-US title, else the first language's that has one. */
function titleOf(texts: Texts): string {
  return (
    texts[FALLBACK_LANGUAGE]?.title ||
    LANGUAGES.map((l) => texts[l]?.title).find((t) => t !== undefined && t !== '') ||
    ''
  );
}

/** Only the keys whose values differ, before and after (for the audit row). */
function changes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | undefined {
  const keys = Object.keys(after).filter(
    (k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]),
  );
  if (keys.length === 0) return undefined;
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString());
const fromUnix = (s: number) => new Date(s * 1000);

function articleStatus(row: { active: boolean; publishedAt: Date }, now: Date): ArticleStatus {
  if (!row.active) return 'draft';
  return row.publishedAt.getTime() > now.getTime() ? 'scheduled' : 'live';
}

function bulletinStatus(row: BulletinRow, now: Date): BulletinStatus {
  if (!row.active) return 'draft';
  if (row.beginsAt.getTime() > now.getTime()) return 'scheduled';
  if (row.endsAt !== null && row.endsAt.getTime() <= now.getTime()) return 'ended';
  return 'live';
}

/** What the audit log keeps of an article. */
function auditedArticle(r: ConsoleArticleRow): Record<string, unknown> {
  return {
    type: r.type,
    gameId: r.gameId,
    img: r.img,
    pinned: r.pinned,
    active: r.active,
    publishedAt: iso(r.publishedAt),
    texts: r.texts,
  };
}

function auditedBulletin(r: BulletinRow): Record<string, unknown> {
  return {
    pinned: r.pinned,
    active: r.active,
    beginsAt: iso(r.beginsAt),
    endsAt: iso(r.endsAt),
    link: r.link,
    texts: r.texts,
  };
}

function auditedBlock(b: ContentBlockRow): Record<string, unknown> {
  return { gameId: b.gameId, kind: b.kind, img: b.img, sort: b.sort, texts: b.texts };
}

function docTextsOut(texts: LocalizedDoc): DocTexts {
  const out: DocTexts = {};
  for (const lang of LANGUAGES) {
    const t = texts[lang];
    if (t !== undefined) out[lang] = { title: t.title, content: t.content };
  }
  return out;
}

function settingsOf(config: HomeConfig | undefined): HomeSettings {
  return {
    banner: config?.cgi || null,
    downloads: {
      android: config?.downloads?.android ?? null,
      pc: config?.downloads?.pc ?? null,
      ios: config?.downloads?.ios ?? null,
    },
  };
}

export function createContentConsoleService(deps: {
  db: Kysely<DB>;
  clock: Clock;
  publicBaseUrl: string;
}) {
  const { db, clock } = deps;
  const content = createContentRepository(db);
  const bulletins = createBulletinsRepository(db);
  const games = createGamesRepository(db);

  async function audit(
    trx: Kysely<DB>,
    actor: ContentActor,
    action: string,
    target: string,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
  ): Promise<void> {
    await createAuditRepository(trx).append({
      actorKind: 'operator',
      actor: actor.name,
      ip: actor.ip,
      action,
      target,
      before,
      after,
      at: clock.now(),
    });
  }

  function articleItem(r: ConsoleArticleRow, now: Date): ConsoleArticleItem {
    return {
      id: r.id,
      type: r.type as ConsoleArticleItem['type'],
      gameId: r.gameId,
      title: titleOf(r.texts),
      img: r.img,
      pinned: r.pinned,
      active: r.active,
      publishedAt: toUnixSeconds(r.publishedAt),
      status: articleStatus(r, now),
      missingLanguages: missingLanguages(r.texts),
      updatedAt: toUnixSeconds(r.updatedAt),
    };
  }

  function articleOut(r: ConsoleArticleRow): ConsoleArticle {
    return { ...articleItem(r, clock.now()), texts: docTextsOut(r.texts) };
  }

  function articleChange(input: {
    type: number;
    gameId: number | null;
    img: string | null;
    pinned: boolean;
    active: boolean;
    publishedAt: number;
    texts: DocTexts;
  }): ArticleChange {
    const texts = normaliseDocTexts(input.texts);
    requireFallback(texts);
    return {
      type: input.type,
      gameId: input.gameId,
      img: input.img,
      pinned: input.pinned,
      active: input.active,
      publishedAt: fromUnix(input.publishedAt),
      texts,
    };
  }

  async function mustGame(id: number) {
    const game = (await games.list()).find((g) => g.id === id);
    if (game === undefined) throw new AppError(ErrorCode.ContentGameNotFound);
    return game;
  }

  function bulletinItem(r: BulletinRow, now: Date): ConsoleBulletinItem {
    return {
      id: r.id,
      title: titleOf(r.texts),
      pinned: r.pinned,
      active: r.active,
      beginsAt: toUnixSeconds(r.beginsAt),
      endsAt: r.endsAt === null ? null : toUnixSeconds(r.endsAt),
      status: bulletinStatus(r, now),
      missingLanguages: missingLanguages(r.texts),
      updatedAt: toUnixSeconds(r.updatedAt),
    };
  }

  function bulletinOut(r: BulletinRow): ConsoleBulletin {
    const texts: BulletinTextsInput = {};
    for (const lang of LANGUAGES) {
      const t = r.texts[lang];
      // Bulletins from before the console have one link for every language.
      if (t !== undefined)
        texts[lang] = { title: t.title, content: t.content, link: t.link ?? r.link };
    }
    return { ...bulletinItem(r, clock.now()), texts };
  }

  function bulletinChange(input: {
    pinned: boolean;
    active: boolean;
    beginsAt: number;
    endsAt: number | null;
    texts: BulletinTextsInput;
  }) {
    if (input.endsAt !== null && input.endsAt <= input.beginsAt)
      throw new AppError(ErrorCode.ContentScheduleInvalid);
    const texts = normaliseBulletinTexts(input.texts);
    requireFallback(texts);
    return {
      pinned: input.pinned,
      active: input.active,
      beginsAt: fromUnix(input.beginsAt),
      endsAt: input.endsAt === null ? null : fromUnix(input.endsAt),
      texts,
      // Each language carries its own link now.
      link: null,
    };
  }

  function blockOut(b: ContentBlockRow): ConsoleBlock {
    return {
      id: b.id,
      gameId: b.gameId,
      kind: b.kind,
      img: b.img,
      sort: b.sort,
      texts: docTextsOut(b.texts),
      missingLanguages: missingLanguages(b.texts),
      updatedAt: toUnixSeconds(b.updatedAt),
    };
  }

  async function homeOf(gameId: number | undefined): Promise<ConsoleHome> {
    const list = await games.list();
    const game = gameId === undefined ? list[0] : list.find((g) => g.id === gameId);
    if (game === undefined) throw new AppError(ErrorCode.ContentGameNotFound);
    const [row, blocks] = await Promise.all([
      content.findHomeRow(game.id),
      content.listBlocks(game.id),
    ]);
    const parsed = row && homeConfigSchema.safeParse(row.config);
    return {
      games: list.map((g) => ({ id: g.id, name: g.name, platforms: [...g.platforms] })),
      gameId: game.id,
      settings: settingsOf(parsed?.success ? parsed.data : undefined),
      blocks: blocks.map(blockOut),
      updatedAt: row === undefined ? null : toUnixSeconds(row.updatedAt),
    };
  }

  function pageOut(
    slug: SitePageSlug,
    row: { texts: LocalizedDoc; updatedAt: Date } | undefined,
  ): ConsolePage {
    const texts = row?.texts ?? {};
    return {
      slug,
      title: titleOf(texts),
      missingLanguages: missingLanguages(texts),
      updatedAt: row === undefined ? null : toUnixSeconds(row.updatedAt),
      texts: docTextsOut(texts),
    };
  }

  return {
    // Articles -------------------------------------------------------------------------------

    async articles(q: {
      type?: number | undefined;
      status?: ArticleStatus | undefined;
      search?: string | undefined;
      missing?: boolean | undefined;
      page: number;
      size: number;
    }) {
      const now = clock.now();
      const { rows, total } = await content.consoleArticlePage(
        {
          now,
          type: q.type,
          status: q.status,
          search: q.search,
          missingOf: q.missing === true ? LANGUAGES : undefined,
        },
        { offset: (q.page - 1) * q.size, limit: q.size },
      );
      return { list: rows.map((r) => articleItem(r, now)), total, page: q.page, size: q.size };
    },

    async article(id: number): Promise<ConsoleArticle> {
      const row = await content.findAnyArticle(id);
      if (row === undefined) throw new AppError(ErrorCode.ContentArticleNotFound);
      return articleOut(row);
    },

    async createArticle(
      input: Parameters<typeof articleChange>[0],
      actor: ContentActor,
    ): Promise<ConsoleArticle> {
      const change = articleChange(input);
      return db.transaction().execute(async (trx) => {
        const repo = createContentRepository(trx);
        const id = await repo.insertArticle(change);
        const row = await repo.findAnyArticle(id);
        if (row === undefined) throw new AppError(ErrorCode.ContentArticleNotFound);
        await audit(trx, actor, 'article.create', `article:${id}`, null, auditedArticle(row));
        return articleOut(row);
      });
    },

    async updateArticle(
      id: number,
      input: Parameters<typeof articleChange>[0],
      actor: ContentActor,
    ): Promise<ConsoleArticle> {
      const change = articleChange(input);
      return db.transaction().execute(async (trx) => {
        const repo = createContentRepository(trx);
        const before = await repo.findAnyArticle(id, true);
        if (before === undefined) throw new AppError(ErrorCode.ContentArticleNotFound);
        await repo.updateArticle(id, change, clock.now());
        const after = (await repo.findAnyArticle(id)) as ConsoleArticleRow;
        const diff = changes(auditedArticle(before), auditedArticle(after));
        if (diff)
          await audit(trx, actor, 'article.update', `article:${id}`, diff.before, diff.after);
        return articleOut(after);
      });
    },

    async deleteArticle(id: number, actor: ContentActor): Promise<{ success: true }> {
      return db.transaction().execute(async (trx) => {
        const repo = createContentRepository(trx);
        const before = await repo.findAnyArticle(id, true);
        if (before === undefined) throw new AppError(ErrorCode.ContentArticleNotFound);
        await repo.deleteArticle(id);
        await audit(trx, actor, 'article.delete', `article:${id}`, auditedArticle(before), null);
        return { success: true as const };
      });
    },

    /** The player's article detail of a stored article or of unsaved editor state. */
    async previewArticle(q: {
      language: Language;
      id?: number | undefined;
      draft?: Parameters<typeof articleChange>[0] | undefined;
    }) {
      if (q.draft !== undefined) {
        const texts = normaliseDocTexts(q.draft.texts);
        return articleOf(
          {
            id: q.id ?? 0,
            type: q.draft.type,
            img: q.draft.img,
            publishedAt: fromUnix(q.draft.publishedAt),
            // As the repository would store them (sanitised), then served (sanitised again).
            texts: Object.fromEntries(
              Object.entries(texts).map(([l, t]) => [
                l,
                { title: plainTextExcerpt(t.title, 200), content: sanitizeHtml(t.content) },
              ]),
            ),
          },
          q.language,
        );
      }
      const row = await content.findAnyArticle(q.id ?? 0);
      if (row === undefined) throw new AppError(ErrorCode.ContentArticleNotFound);
      return articleOf(row, q.language);
    },

    // Bulletins ------------------------------------------------------------------------------

    async bulletins(q: { status?: BulletinStatus | undefined; page: number; size: number }) {
      const now = clock.now();
      const { rows, total } = await bulletins.page(q.status, now, {
        offset: (q.page - 1) * q.size,
        limit: q.size,
      });
      return { list: rows.map((r) => bulletinItem(r, now)), total, page: q.page, size: q.size };
    },

    async bulletin(id: number): Promise<ConsoleBulletin> {
      const row = await bulletins.find(id);
      if (row === undefined) throw new AppError(ErrorCode.ContentBulletinNotFound);
      return bulletinOut(row);
    },

    async createBulletin(
      input: Parameters<typeof bulletinChange>[0],
      actor: ContentActor,
    ): Promise<ConsoleBulletin> {
      const change = bulletinChange(input);
      return db.transaction().execute(async (trx) => {
        const repo = createBulletinsRepository(trx);
        const id = await repo.insert(change);
        const row = (await repo.find(id)) as BulletinRow;
        await audit(trx, actor, 'bulletin.create', `bulletin:${id}`, null, auditedBulletin(row));
        return bulletinOut(row);
      });
    },

    async updateBulletin(
      id: number,
      input: Parameters<typeof bulletinChange>[0],
      actor: ContentActor,
    ): Promise<ConsoleBulletin> {
      const change = bulletinChange(input);
      return db.transaction().execute(async (trx) => {
        const repo = createBulletinsRepository(trx);
        const before = await repo.find(id, true);
        if (before === undefined) throw new AppError(ErrorCode.ContentBulletinNotFound);
        await repo.update(id, change, clock.now());
        const after = (await repo.find(id)) as BulletinRow;
        const diff = changes(auditedBulletin(before), auditedBulletin(after));
        if (diff)
          await audit(trx, actor, 'bulletin.update', `bulletin:${id}`, diff.before, diff.after);
        return bulletinOut(after);
      });
    },

    async deleteBulletin(id: number, actor: ContentActor): Promise<{ success: true }> {
      return db.transaction().execute(async (trx) => {
        const repo = createBulletinsRepository(trx);
        const before = await repo.find(id, true);
        if (before === undefined) throw new AppError(ErrorCode.ContentBulletinNotFound);
        await repo.delete(id);
        await audit(trx, actor, 'bulletin.delete', `bulletin:${id}`, auditedBulletin(before), null);
        return { success: true as const };
      });
    },

    // Home -----------------------------------------------------------------------------------

    home: homeOf,

    async updateHome(
      gameId: number,
      settings: HomeSettings,
      actor: ContentActor,
    ): Promise<ConsoleHome> {
      await mustGame(gameId);
      await db.transaction().execute(async (trx) => {
        const repo = createContentRepository(trx);
        const row = await repo.findHomeRow(gameId, true);
        const stored = row?.config ?? {};
        const parsed = homeConfigSchema.safeParse(stored);
        const before = settingsOf(parsed.success ? parsed.data : undefined);
        // Fields the console does not edit (footer paths, analytics collector) stay as stored.
        const { cgi: _cgi, downloads: _downloads, ...kept } = stored;
        const next = {
          ...kept,
          ...(settings.banner === null ? {} : { cgi: settings.banner }),
          downloads: settings.downloads,
        } as HomeConfig;
        await repo.upsertHome(gameId, next);
        const diff = changes(before, settings);
        if (diff) await audit(trx, actor, 'home.update', `game:${gameId}`, diff.before, diff.after);
      });
      return homeOf(gameId);
    },

    async previewHome(q: { gameId: number; language: Language; settings?: HomeSettings }) {
      const game = await mustGame(q.gameId);
      const [stored, blocks] = await Promise.all([
        content.findHome(game.id),
        content.listBlocks(game.id),
      ]);
      const home: HomeConfig | undefined =
        q.settings === undefined
          ? stored
          : {
              ...stored,
              ...(q.settings.banner === null ? { cgi: '' } : { cgi: q.settings.banner }),
              downloads: q.settings.downloads,
            };
      return {
        home: homeConfOf(game, home, blocks, q.language, deps.publicBaseUrl),
        blocks: blocks.map((b) => blockOf(b, q.language)),
      };
    },

    async createBlock(
      input: {
        gameId: number;
        kind: 'info' | 'feature';
        img: string | null;
        sort: number;
        texts: DocTexts;
      },
      actor: ContentActor,
    ): Promise<ConsoleBlock> {
      await mustGame(input.gameId);
      const texts = normaliseDocTexts(input.texts);
      requireFallback(texts);
      return db.transaction().execute(async (trx) => {
        const repo = createContentRepository(trx);
        const id = await repo.insertBlock({ ...input, texts });
        const row = (await repo.findBlock(id)) as ContentBlockRow;
        await audit(trx, actor, 'home_block.create', `home_block:${id}`, null, auditedBlock(row));
        return blockOut(row);
      });
    },

    async updateBlock(
      id: number,
      input: { kind: 'info' | 'feature'; img: string | null; sort: number; texts: DocTexts },
      actor: ContentActor,
    ): Promise<ConsoleBlock> {
      const texts = normaliseDocTexts(input.texts);
      requireFallback(texts);
      return db.transaction().execute(async (trx) => {
        const repo = createContentRepository(trx);
        const before = await repo.findBlock(id);
        if (before === undefined) throw new AppError(ErrorCode.ContentBlockNotFound);
        await repo.updateBlock(id, { ...input, texts }, clock.now());
        const after = (await repo.findBlock(id)) as ContentBlockRow;
        const diff = changes(auditedBlock(before), auditedBlock(after));
        if (diff)
          await audit(trx, actor, 'home_block.update', `home_block:${id}`, diff.before, diff.after);
        return blockOut(after);
      });
    },

    async deleteBlock(id: number, actor: ContentActor): Promise<{ success: true }> {
      return db.transaction().execute(async (trx) => {
        const repo = createContentRepository(trx);
        const before = await repo.findBlock(id);
        if (before === undefined) throw new AppError(ErrorCode.ContentBlockNotFound);
        await repo.deleteBlock(id);
        await audit(
          trx,
          actor,
          'home_block.delete',
          `home_block:${id}`,
          auditedBlock(before),
          null,
        );
        return { success: true as const };
      });
    },

    previewBlock(q: {
      language: Language;
      gameId: number;
      id?: number | undefined;
      draft: { kind: 'info' | 'feature'; img: string | null; sort: number; texts: DocTexts };
    }) {
      const texts = normaliseDocTexts(q.draft.texts);
      return blockOf(
        {
          id: q.id ?? 0,
          gameId: q.gameId,
          kind: q.draft.kind,
          img: q.draft.img,
          sort: q.draft.sort,
          texts: Object.fromEntries(
            Object.entries(texts).map(([l, t]) => [
              l,
              { title: plainTextExcerpt(t.title, 200), content: sanitizeHtml(t.content) },
            ]),
          ),
          updatedAt: clock.now(),
        },
        q.language,
      );
    },

    // Footer pages ---------------------------------------------------------------------------

    async pages(): Promise<{ list: Omit<ConsolePage, 'texts'>[] }> {
      const rows = await content.listPages();
      return {
        list: SITE_PAGE_SLUGS.map((slug) => {
          const { texts: _texts, ...item } = pageOut(
            slug,
            rows.find((r) => r.slug === slug),
          );
          return item;
        }),
      };
    },

    async page(slug: SitePageSlug): Promise<ConsolePage> {
      return pageOut(slug, await content.findPage(slug));
    },

    async updatePage(
      slug: SitePageSlug,
      input: DocTexts,
      actor: ContentActor,
    ): Promise<ConsolePage> {
      const texts = normaliseDocTexts(input);
      requireFallback(texts);
      return db.transaction().execute(async (trx) => {
        const repo = createContentRepository(trx);
        const before = await repo.findPage(slug);
        await repo.upsertPage(slug, texts);
        const after = await repo.findPage(slug);
        const diff = changes({ texts: before?.texts ?? null }, { texts: after?.texts ?? null });
        if (diff) await audit(trx, actor, 'page.update', `page:${slug}`, diff.before, diff.after);
        return pageOut(slug, after);
      });
    },

    async previewPage(q: { slug: SitePageSlug; language: Language; texts?: DocTexts | undefined }) {
      let texts: LocalizedDoc;
      let updatedAt = clock.now();
      if (q.texts === undefined) {
        const row = await content.findPage(q.slug);
        texts = row?.texts ?? {};
        if (row) updatedAt = row.updatedAt;
      } else {
        texts = Object.fromEntries(
          Object.entries(normaliseDocTexts(q.texts)).map(([l, t]) => [
            l,
            { title: plainTextExcerpt(t.title, 200), content: sanitizeHtml(t.content) },
          ]),
        );
      }
      const out = pageOf(q.slug, texts, updatedAt, q.language);
      return out ?? { slug: q.slug, title: '', content: '', update_ts: toUnixSeconds(updatedAt) };
    },
  };
}

export type ContentConsoleService = ReturnType<typeof createContentConsoleService>;
