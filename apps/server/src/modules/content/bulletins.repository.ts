// Data access for bulletins: per-language texts kept as jsonb {lang: {title, content, link?}},
// a schedule (0019: begins_at, ends_at) and the pinned flag. Players see the newest live pinned
// one (docs/product/content.md#bulletin); the console lists and edits them all.
import type { Kysely, Selectable } from 'kysely';
import type { BulletinTexts, DB } from '../../db/schema';

export interface BulletinRow {
  id: number;
  pinned: boolean;
  texts: BulletinTexts;
  /** The link of the languages without their own (bulletins from before the console). */
  link: string | null;
  active: boolean;
  createdAt: Date;
  beginsAt: Date;
  endsAt: Date | null;
  updatedAt: Date;
}

export interface NewBulletin {
  pinned: boolean;
  texts: BulletinTexts;
  link: string | null;
  active?: boolean;
  beginsAt?: Date;
  endsAt?: Date | null;
}

/** live: active and between begins_at and ends_at; scheduled / ended: before / after; draft: off. */
export type BulletinStatusFilter = 'live' | 'scheduled' | 'ended' | 'draft';

function toRow(row: Selectable<DB['bulletins']>): BulletinRow {
  return {
    id: row.id,
    pinned: row.pinned,
    texts: row.texts,
    link: row.link,
    active: row.active,
    createdAt: new Date(row.created_at),
    beginsAt: new Date(row.begins_at),
    endsAt: row.ends_at === null ? null : new Date(row.ends_at),
    updatedAt: new Date(row.updated_at),
  };
}

export function createBulletinsRepository(db: Kysely<DB>) {
  function filtered(status: BulletinStatusFilter | undefined, now: Date) {
    let q = db.selectFrom('bulletins');
    if (status === 'draft') q = q.where('active', '=', false);
    if (status === 'scheduled') q = q.where('active', '=', true).where('begins_at', '>', now);
    if (status === 'ended')
      q = q
        .where('active', '=', true)
        .where('begins_at', '<=', now)
        .where('ends_at', 'is not', null)
        .where('ends_at', '<=', now);
    if (status === 'live')
      q = q
        .where('active', '=', true)
        .where('begins_at', '<=', now)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]));
    return q;
  }

  return {
    /** The newest live pinned bulletin at `now`, if any. */
    async findPinned(now: Date): Promise<BulletinRow | undefined> {
      const row = await filtered('live', now)
        .selectAll()
        .where('pinned', '=', true)
        .orderBy('begins_at', 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row && toRow(row);
    },

    /** The console's list, newest beginning first. */
    async page(
      status: BulletinStatusFilter | undefined,
      now: Date,
      page: { offset: number; limit: number },
    ): Promise<{ rows: BulletinRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        filtered(status, now)
          .selectAll()
          .orderBy('begins_at', 'desc')
          .orderBy('id', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        filtered(status, now)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toRow), total: Number(count.n) };
    },

    async find(id: number, lock = false): Promise<BulletinRow | undefined> {
      let q = db.selectFrom('bulletins').selectAll().where('id', '=', id);
      if (lock) q = q.forUpdate();
      const row = await q.executeTakeFirst();
      return row && toRow(row);
    },

    async insert(bulletin: NewBulletin): Promise<number> {
      const row = await db
        .insertInto('bulletins')
        .values({
          pinned: bulletin.pinned,
          texts: JSON.stringify(bulletin.texts),
          link: bulletin.link,
          active: bulletin.active ?? true,
          ...(bulletin.beginsAt === undefined ? {} : { begins_at: bulletin.beginsAt }),
          ends_at: bulletin.endsAt ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Replaces a bulletin's fields; answers whether it existed. */
    async update(id: number, change: Required<NewBulletin>, at: Date): Promise<boolean> {
      const r = await db
        .updateTable('bulletins')
        .set({
          pinned: change.pinned,
          texts: JSON.stringify(change.texts),
          link: change.link,
          active: change.active,
          begins_at: change.beginsAt,
          ends_at: change.endsAt,
          updated_at: at,
        })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    async delete(id: number): Promise<boolean> {
      const r = await db.deleteFrom('bulletins').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
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
