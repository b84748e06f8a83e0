// Data access for uploaded images (0018-console-catalog): the only code naming the `images` table.
// An image is stored once per SHA-256 of its stored bytes.
import type { Kysely } from 'kysely';
import type { DB, ImagesTable } from '../../db/schema';

export type StoredImageType = ImagesTable['type'];

export interface ImageMeta {
  id: number;
  sha256: string;
  type: StoredImageType;
  width: number;
  height: number;
  size: number;
  uploadedBy: string;
  createdAt: Date;
}

export interface NewImage {
  sha256: string;
  type: StoredImageType;
  width: number;
  height: number;
  bytes: Uint8Array;
  uploadedBy: string;
  at: Date;
}

const metaColumns = [
  'id',
  'sha256',
  'type',
  'width',
  'height',
  'size',
  'uploaded_by',
  'created_at',
] as const;

function toMeta(r: {
  id: number | string;
  sha256: string;
  type: StoredImageType;
  width: number;
  height: number;
  size: number;
  uploaded_by: string;
  created_at: Date;
}): ImageMeta {
  return {
    id: Number(r.id),
    sha256: r.sha256,
    type: r.type,
    width: r.width,
    height: r.height,
    size: r.size,
    uploadedBy: r.uploaded_by,
    createdAt: r.created_at,
  };
}

export function createImagesRepository(db: Kysely<DB>) {
  return {
    /**
     * Stores the image unless its SHA-256 is stored already; answers the row and whether this
     * call inserted it.
     */
    async insertOnce(image: NewImage): Promise<{ meta: ImageMeta; inserted: boolean }> {
      const row = await db
        .insertInto('images')
        .values({
          sha256: image.sha256,
          type: image.type,
          width: image.width,
          height: image.height,
          size: image.bytes.byteLength,
          bytes: image.bytes,
          uploaded_by: image.uploadedBy,
          created_at: image.at,
        })
        .onConflict((oc) => oc.column('sha256').doNothing())
        .returning(metaColumns)
        .executeTakeFirst();
      if (row !== undefined) return { meta: toMeta(row), inserted: true };
      const existing = await db
        .selectFrom('images')
        .select(metaColumns)
        .where('sha256', '=', image.sha256)
        .executeTakeFirstOrThrow();
      return { meta: toMeta(existing), inserted: false };
    },

    /** The stored bytes and type of an image, by its SHA-256. */
    async bytesBySha(
      sha256: string,
    ): Promise<{ type: StoredImageType; bytes: Buffer } | undefined> {
      const row = await db
        .selectFrom('images')
        .select(['type', 'bytes'])
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      const bytes = Buffer.isBuffer(row.bytes)
        ? row.bytes
        : Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
      return { type: row.type, bytes };
    },

    /** Which of these SHA-256 values are stored. */
    async existing(shas: readonly string[]): Promise<Set<string>> {
      if (shas.length === 0) return new Set();
      const rows = await db
        .selectFrom('images')
        .select('sha256')
        .where('sha256', 'in', [...shas])
        .execute();
      return new Set(rows.map((r) => r.sha256));
    },

    /** One page, newest first, and the total. */
    async page(page: number, size: number): Promise<{ rows: ImageMeta[]; total: number }> {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('images')
          .select(metaColumns)
          .orderBy('id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        db
          .selectFrom('images')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map(toMeta), total: Number(count.n) };
    },
  };
}

export type ImagesRepository = ReturnType<typeof createImagesRepository>;
