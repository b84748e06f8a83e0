// Demo content for the demo game: its home configuration (banner, Android and PC
// download links, footer paths), three Game Info and three Game Features blocks, twelve articles
// across types 1–4 and the four footer pages, all in the nine languages of docs/product/languages.md. Images are the
// SVG files of apps/web/public/content, served with the web build at /content/<name>.svg.
import { LANGUAGES, type Language } from '@hc/contract';
import { createContentRepository, type DocText } from '../../modules/content/content.repository';
import { createGamesRepository } from '../../modules/games/games.repository';
import type { SeedStep } from '../seed';
import { demoArticles, type ArticleText } from './content/articles';
import { demoBlocks, demoHomeConfig } from './content/home';
import { demoPages } from './content/pages';

const GAME_ID = 1; // DEMO_GAME_ID (demo.ts imports this file, so the value is repeated here)

/** [title, paragraph, ...] per language -> { title, content: '<p>…</p>…' } per language. */
export function toDocTexts(texts: Record<Language, ArticleText>): Record<Language, DocText> {
  const out = {} as Record<Language, DocText>;
  for (const lang of LANGUAGES) {
    const [title, ...paragraphs] = texts[lang];
    out[lang] = { title, content: paragraphs.map((p) => `<p>${p}</p>`).join('') };
  }
  return out;
}

const DAY_MS = 86_400_000;

/**
 * The articles keep their order and spacing, moved so the newest was published the day before
 * the demo is seeded: the news reads as recent whenever the demo starts, so "Latest" (the last
 * 30 days) is never empty.
 */
export function demoPublishTimes(now: Date): Date[] {
  const times = demoArticles.map((a) => Date.parse(a.publishedAt));
  const shift = now.getTime() - DAY_MS - Math.max(...times);
  return times.map((t) => new Date(t + shift));
}

export const demoContent: SeedStep = {
  name: 'demo-content',
  isNeeded: async (db) =>
    (await createContentRepository(db).countAllArticles()) === 0 &&
    (await createGamesRepository(db).exists(GAME_ID)),
  async run(db, { now }) {
    const repo = createContentRepository(db);
    await repo.upsertHome(GAME_ID, demoHomeConfig);
    for (const [index, block] of demoBlocks.entries())
      await repo.insertBlock({
        gameId: GAME_ID,
        kind: block.kind,
        texts: toDocTexts(block.texts),
        img: block.img,
        sort: index,
      });
    const published = demoPublishTimes(now);
    for (const [index, article] of demoArticles.entries())
      await repo.insertArticle({
        gameId: null,
        type: article.type,
        texts: toDocTexts(article.texts),
        img: article.img,
        pinned: article.pinned ?? false,
        publishedAt: published[index]!,
      });
    for (const [slug, texts] of Object.entries(demoPages))
      await repo.upsertPage(slug, toDocTexts(texts));
  },
};
