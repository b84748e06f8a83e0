// Data access for bulletins: per-language texts kept as jsonb {lang: {title, content}}.
import type { Kysely } from 'kysely';
import type { BulletinTexts, DB } from '../../db/schema';

export interface BulletinRow {
  id: number;
  pinned: boolean;
  texts: BulletinTexts;
  link: string | null;
  active: boolean;
  createdAt: Date;
}

export interface NewBulletin {
  pinned: boolean;
  texts: BulletinTexts;
  link: string | null;
  active?: boolean;
}

export function createBulletinsRepository(db: Kysely<DB>) {
  return {
    /** The newest active pinned bulletin, if any. */
    async findPinned(): Promise<BulletinRow | undefined> {
      const row = await db
        .selectFrom('bulletins')
        .selectAll()
        .where('pinned', '=', true)
        .where('active', '=', true)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          pinned: row.pinned,
          texts: row.texts,
          link: row.link,
          active: row.active,
          createdAt: row.created_at,
        }
      );
    },

    async insert(bulletin: NewBulletin): Promise<number> {
      const row = await db
        .insertInto('bulletins')
        .values({
          pinned: bulletin.pinned,
          texts: JSON.stringify(bulletin.texts),
          link: bulletin.link,
          active: bulletin.active ?? true,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async count(): Promise<number> {
      const row = await db
        .selectFrom('bulletins')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type BulletinsRepository = ReturnType<typeof createBulletinsRepository>;
