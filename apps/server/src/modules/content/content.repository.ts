// Data access for the reading side of the portal (0006-account-content): articles, the per-game
// home configuration, Game Info / Game Features blocks and the footer pages. The only code naming
// these tables. Every HTML text is sanitised here before it is stored, and the service
// sanitises it again when it is served.
import { sql, type Kysely, type Selectable } from 'kysely';
import { z } from 'zod';
import type { DB, LocalizedDoc } from '../../db/schema';
import { plainTextExcerpt, sanitizeHtml } from '../../lib/sanitize-html';

/** One language's text of an article, block or page: title plain text, content HTML. */
export interface DocText {
  title: string;
  content: string;
  summary?: string;
}

export interface ArticleRow {
  id: number;
  gameId: number | null;
  type: number;
  texts: LocalizedDoc;
  img: string | null;
  pinned: boolean;
  publishedAt: Date;
  active: boolean;
}

export interface NewArticle {
  gameId?: number | null;
  type: number;
  texts: Record<string, DocText>;
  img?: string | null;
  pinned?: boolean;
  publishedAt?: Date;
  active?: boolean;
}

export interface ContentBlockRow {
  id: number;
  gameId: number;
  kind: 'info' | 'feature';
  texts: LocalizedDoc;
  img: string | null;
  sort: number;
  updatedAt: Date;
}

export interface NewContentBlock {
  gameId: number;
  kind: 'info' | 'feature';
  texts: Record<string, DocText>;
  img?: string | null;
  sort?: number;
}

export interface SitePageRow {
  slug: string;
  texts: LocalizedDoc;
  updatedAt: Date;
}

const link = z.string().min(1).nullable().optional();

/** Home configuration of a game as kept in game_home.config (all fields optional). */
export const homeConfigSchema = z.object({
  /** Banner / key-art URL (docs/product/content.md#home-configuration `cgi`). */
  cgi: z.string().optional(),
  downloads: z.object({ android: link, pc: link, ios: link }).optional(),
  /** Analytics collector; default `${publicBaseUrl}/api/analytics/collect`. */
  loggerUrl: z.string().min(1).optional(),
  footer: z.object({ about: link, contact: link, privacy: link, agreement: link }).optional(),
});
export type HomeConfig = z.infer<typeof homeConfigSchema>;

/** Texts with titles made plain and HTML sanitised: what may be stored. */
export function cleanTexts(texts: Record<string, DocText>): LocalizedDoc {
  const clean: LocalizedDoc = {};
  for (const [lang, doc] of Object.entries(texts)) {
    clean[lang] = {
      title: plainTextExcerpt(doc.title, 200),
      content: sanitizeHtml(doc.content),
      ...(doc.summary === undefined ? {} : { summary: plainTextExcerpt(doc.summary) }),
    };
  }
  return clean;
}

export interface ArticleFilter {
  /** Omitted: every type. */
  type?: number;
  /** Omitted: articles of every game; else that game's and the site-wide (null) ones. */
  gameId?: number;
  /** Articles published after this instant are not listed yet. */
  now: Date;
  /** Only articles published at or after this instant (the list's `within_days`). */
  since?: Date;
}

/** An article as the console sees it: every status, with its last change. */
export interface ConsoleArticleRow extends ArticleRow {
  updatedAt: Date;
}

/** The console's article list filter (docs/console.md#content). */
export interface ConsoleArticleFilter {
  now: Date;
  type?: number | undefined;
  status?: 'live' | 'scheduled' | 'draft' | undefined;
  /** Part of a title in any language (case-insensitive). */
  search?: string | undefined;
  /** Only articles missing one of these languages (a title or a body). */
  missingOf?: readonly string[] | undefined;
}

/** The fields the console writes; texts are sanitised here before they are stored. */
export interface ArticleChange {
  gameId: number | null;
  type: number;
  texts: Record<string, DocText>;
  img: string | null;
  pinned: boolean;
  publishedAt: Date;
  active: boolean;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** pinned: pinned articles first, then newest first; newest: by publish date only. */
export type ArticleOrder = 'pinned' | 'newest';

export function createContentRepository(db: Kysely<DB>) {
  function articles(filter: ArticleFilter) {
    let q = db
      .selectFrom('articles')
      .where('active', '=', true)
      .where('published_at', '<=', filter.now);
    if (filter.since !== undefined) q = q.where('published_at', '>=', filter.since);
    if (filter.type !== undefined) q = q.where('type', '=', filter.type);
    const gameId = filter.gameId;
    if (gameId !== undefined)
      q = q.where((eb) => eb.or([eb('game_id', 'is', null), eb('game_id', '=', gameId)]));
    return q;
  }

  function toBlock(r: Selectable<DB['game_contents']>): ContentBlockRow {
    return {
      id: r.id,
      gameId: r.game_id,
      kind: r.kind,
      texts: r.texts,
      img: r.img,
      sort: r.sort,
      updatedAt: new Date(r.updated_at),
    };
  }

  function toArticle(row: {
    id: number;
    game_id: number | null;
    type: number;
    texts: LocalizedDoc;
    img: string | null;
    pinned: boolean;
    published_at: Date;
    active: boolean;
  }): ArticleRow {
    return {
      id: row.id,
      gameId: row.game_id,
      type: row.type,
      texts: row.texts,
      img: row.img,
      pinned: row.pinned,
      publishedAt: new Date(row.published_at),
      active: row.active,
    };
  }

  function consoleArticles(f: ConsoleArticleFilter) {
    let q = db.selectFrom('articles');
    if (f.type !== undefined) q = q.where('type', '=', f.type);
    if (f.status === 'draft') q = q.where('active', '=', false);
    if (f.status === 'live') q = q.where('active', '=', true).where('published_at', '<=', f.now);
    if (f.status === 'scheduled')
      q = q.where('active', '=', true).where('published_at', '>', f.now);
    if (f.search !== undefined) {
      const pattern = `%${escapeLike(f.search)}%`;
      q = q.where(
        sql<boolean>`exists (select 1 from jsonb_each(articles.texts) t
          where t.value->>'title' ilike ${pattern})`,
      );
    }
    const missingOf = f.missingOf;
    if (missingOf !== undefined && missingOf.length > 0)
      q = q.where(
        sql<boolean>`not (${sql.join(
          missingOf.map(
            (lang) =>
              sql`coalesce(articles.texts->${lang}->>'title', '') <> ''
                and coalesce(articles.texts->${lang}->>'content', '') <> ''`,
          ),
          sql` and `,
        )})`,
      );
    return q;
  }

  function toConsoleArticle(r: Selectable<DB['articles']>): ConsoleArticleRow {
    return { ...toArticle(r), updatedAt: new Date(r.updated_at) };
  }

  return {
    /** The console's list: every status, newest publish time first. */
    async consoleArticlePage(
      filter: ConsoleArticleFilter,
      page: { offset: number; limit: number },
    ): Promise<{ rows: ConsoleArticleRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        consoleArticles(filter)
          .selectAll()
          .orderBy('published_at', 'desc')
          .orderBy('id', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        consoleArticles(filter)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toConsoleArticle), total: Number(count.n) };
    },

    /** Any article by id, drafts and scheduled ones too; `lock` for an update in a transaction. */
    async findAnyArticle(id: number, lock = false): Promise<ConsoleArticleRow | undefined> {
      let q = db.selectFrom('articles').selectAll().where('id', '=', id);
      if (lock) q = q.forUpdate();
      const row = await q.executeTakeFirst();
      return row && toConsoleArticle(row);
    },

    /** Replaces an article's fields (texts sanitised); answers whether it existed. */
    async updateArticle(id: number, change: ArticleChange, at: Date): Promise<boolean> {
      const r = await db
        .updateTable('articles')
        .set({
          game_id: change.gameId,
          type: change.type,
          texts: JSON.stringify(cleanTexts(change.texts)),
          img: change.img,
          pinned: change.pinned,
          published_at: change.publishedAt,
          active: change.active,
          updated_at: at,
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async deleteArticle(id: number): Promise<boolean> {
      const r = await db.deleteFrom('articles').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    /** Stores an article with its HTML sanitised (sanitised when stored). */
    async insertArticle(article: NewArticle): Promise<number> {
      const row = await db
        .insertInto('articles')
        .values({
          game_id: article.gameId ?? null,
          type: article.type,
          texts: JSON.stringify(cleanTexts(article.texts)),
          img: article.img ?? null,
          pinned: article.pinned ?? false,
          ...(article.publishedAt === undefined ? {} : { published_at: article.publishedAt }),
          active: article.active ?? true,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** One page of listed articles: pinned first (order 'pinned'), then newest first. */
    async listArticles(
      filter: ArticleFilter,
      page: { offset: number; limit: number },
      order: ArticleOrder = 'pinned',
    ): Promise<ArticleRow[]> {
      let q = articles(filter).select([
        'id',
        'game_id',
        'type',
        'texts',
        'img',
        'pinned',
        'published_at',
        'active',
      ]);
      if (order === 'pinned') q = q.orderBy('pinned', 'desc');
      const rows = await q
        .orderBy('published_at', 'desc')
        .orderBy('id', 'desc')
        .offset(page.offset)
        .limit(page.limit)
        .execute();
      return rows.map(toArticle);
    },

    async countArticles(filter: ArticleFilter): Promise<number> {
      const row = await articles(filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** A listed article (active and published) by id. */
    async findArticle(id: number, now: Date): Promise<ArticleRow | undefined> {
      const row = await articles({ now })
        .select(['id', 'game_id', 'type', 'texts', 'img', 'pinned', 'published_at', 'active'])
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toArticle(row);
    },

    async countAllArticles(): Promise<number> {
      const row = await db
        .selectFrom('articles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async findHome(gameId: number): Promise<HomeConfig | undefined> {
      const row = await db
        .selectFrom('game_home')
        .select('config')
        .where('game_id', '=', gameId)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      // Operator-edited JSON: a malformed field is ignored rather than served.
      const parsed = homeConfigSchema.safeParse(row.config);
      return parsed.success ? parsed.data : {};
    },

    /** The stored configuration (unparsed, so fields the console does not edit are kept). */
    async findHomeRow(
      gameId: number,
      lock = false,
    ): Promise<{ config: Record<string, unknown>; updatedAt: Date } | undefined> {
      let q = db
        .selectFrom('game_home')
        .select(['config', 'updated_at'])
        .where('game_id', '=', gameId);
      if (lock) q = q.forUpdate();
      const row = await q.executeTakeFirst();
      return row && { config: row.config, updatedAt: new Date(row.updated_at) };
    },

    async upsertHome(gameId: number, config: HomeConfig): Promise<void> {
      const json = JSON.stringify(config);
      await db
        .insertInto('game_home')
        .values({ game_id: gameId, config: json })
        .onConflict((oc) =>
          oc.column('game_id').doUpdateSet({ config: json, updated_at: new Date() }),
        )
        .execute();
    },

    /** A game's blocks in display order. */
    async listBlocks(gameId: number): Promise<ContentBlockRow[]> {
      const rows = await db
        .selectFrom('game_contents')
        .selectAll()
        .where('game_id', '=', gameId)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return rows.map(toBlock);
    },

    async findBlock(id: number): Promise<ContentBlockRow | undefined> {
      const r = await db
        .selectFrom('game_contents')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return r && toBlock(r);
    },

    /** Stores a Game Info / Game Features block with its HTML sanitised. */
    async insertBlock(block: NewContentBlock): Promise<number> {
      const row = await db
        .insertInto('game_contents')
        .values({
          game_id: block.gameId,
          kind: block.kind,
          texts: JSON.stringify(cleanTexts(block.texts)),
          img: block.img ?? null,
          sort: block.sort ?? 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Replaces a block's fields (texts sanitised); answers whether it existed. */
    async updateBlock(
      id: number,
      change: Omit<NewContentBlock, 'gameId'> & { sort: number; img: string | null },
      at: Date,
    ): Promise<boolean> {
      const r = await db
        .updateTable('game_contents')
        .set({
          kind: change.kind,
          texts: JSON.stringify(cleanTexts(change.texts)),
          img: change.img,
          sort: change.sort,
          updated_at: at,
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async deleteBlock(id: number): Promise<boolean> {
      const r = await db.deleteFrom('game_contents').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    /** Every written footer page. */
    async listPages(): Promise<SitePageRow[]> {
      const rows = await db.selectFrom('site_pages').selectAll().orderBy('slug').execute();
      return rows.map((r) => ({ slug: r.slug, texts: r.texts, updatedAt: new Date(r.updated_at) }));
    },

    async findPage(slug: string): Promise<SitePageRow | undefined> {
      const r = await db
        .selectFrom('site_pages')
        .selectAll()
        .where('slug', '=', slug)
        .executeTakeFirst();
      return r && { slug: r.slug, texts: r.texts, updatedAt: new Date(r.updated_at) };
    },

    /** Stores (or replaces) a footer page with its HTML sanitised. */
    async upsertPage(slug: string, texts: Record<string, DocText>): Promise<void> {
      const json = JSON.stringify(cleanTexts(texts));
      await db
        .insertInto('site_pages')
        .values({ slug, texts: json })
        .onConflict((oc) => oc.column('slug').doUpdateSet({ texts: json, updated_at: new Date() }))
        .execute();
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
