// Where an uploaded image is shown (ADR 0051): every column that may hold an image URL, searched
// for the image's SHA-256 before a delete. The hash is 64 hex digits, so finding it anywhere in a
// record (a pack's pictures per language, an article's cover or its HTML body, a home banner in
// the home configuration's JSON, an absolute https://…/media/ URL) is a reference, never chance.
// Add a column here when a new record starts to store image URLs.
import { IMAGE_USAGE_LIMIT, type ImageUsage } from '@hc/contract';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';

type Row = { id: string; label: string | null };

export function createImageUsageRepository(db: Kysely<DB>) {
  const find = async (kind: ImageUsage['kind'], query: RawBuilder<Row>): Promise<ImageUsage[]> => {
    const { rows } = await query.execute(db);
    return rows.map((r) => ({ kind, id: String(r.id), label: r.label ?? '' }));
  };

  return {
    /** The records naming `sha256` (lowercase hex), at most IMAGE_USAGE_LIMIT of them. */
    async usages(sha256: string): Promise<ImageUsage[]> {
      const has = (column: RawBuilder<unknown>) => sql<boolean>`strpos(${column}, ${sha256}) > 0`;
      const limit = IMAGE_USAGE_LIMIT;
      // One after the other: inside the delete's transaction they share one connection.
      const queries: Array<[ImageUsage['kind'], RawBuilder<Row>]> = [
        [
          'game',
          sql<Row>`select id::text as id, name as label from games
            where ${has(sql`icon || icons::text`)} order by id limit ${limit}`,
        ],
        [
          'pack',
          sql<Row>`select id::text as id, names->>'en-US' as label from products
            where ${has(sql`icon || icons::text`)} order by id limit ${limit}`,
        ],
        [
          'article',
          sql<Row>`select id::text as id, texts->'en-US'->>'title' as label from articles
            where ${has(sql`coalesce(img, '') || texts::text`)} order by id limit ${limit}`,
        ],
        [
          'home',
          sql<Row>`select h.game_id::text as id, g.name as label from game_home h
            left join games g on g.id = h.game_id
            where ${has(sql`h.config::text`)} order by h.game_id limit ${limit}`,
        ],
        [
          'block',
          sql<Row>`select id::text as id, texts->'en-US'->>'title' as label from game_contents
            where ${has(sql`coalesce(img, '') || texts::text`)} order by id limit ${limit}`,
        ],
        [
          'page',
          sql<Row>`select slug as id, texts->'en-US'->>'title' as label from site_pages
            where ${has(sql`texts::text`)} order by slug limit ${limit}`,
        ],
        [
          'bulletin',
          sql<Row>`select id::text as id, texts->'en-US'->>'title' as label from bulletins
            where ${has(sql`coalesce(link, '') || texts::text`)} order by id limit ${limit}`,
        ],
        [
          'campaign',
          sql<Row>`select id::text as id, null as label from rebate_campaigns
            where ${has(sql`texts::text`)} order by id limit ${limit}`,
        ],
      ];
      const found: ImageUsage[] = [];
      for (const [kind, query] of queries) {
        if (found.length >= limit) break;
        found.push(...(await find(kind, query)));
      }
      return found.slice(0, limit);
    },
  };
}
