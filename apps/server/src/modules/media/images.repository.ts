// Data access for uploaded images (0018-console-catalog, 0023-image-storage): the only code naming
// the `images` table. An image is stored once per SHA-256 of its stored bytes; its bytes are in
// the row (storage 'database') or in the bucket (storage 's3', ADR 0051).
import type { Kysely } from 'kysely';
import type { DB, ImagesTable } from '../../db/schema';

export type StoredImageType = ImagesTable['type'];
export type ImageStorageKind = 'database' | 's3';

export interface ImageMeta {
  id: number;
  sha256: string;
  type: StoredImageType;
  width: number;
  height: number;
  size: number;
  uploadedBy: string;
  createdAt: Date;
  storage: ImageStorageKind;
}

export interface NewImage {
  sha256: string;
  type: StoredImageType;
  width: number;
  height: number;
  bytes: Uint8Array;
  uploadedBy: string;
  at: Date;
  /** 's3': the row keeps no bytes (the caller writes them to the bucket). */
  storage: ImageStorageKind;
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
  'storage',
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
  storage: ImageStorageKind;
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
    storage: r.storage,
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
          bytes: image.storage === 'database' ? image.bytes : null,
          storage: image.storage,
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

    /** Where an image's bytes are, and the bytes when the row keeps them, by its SHA-256. */
    async fileBySha(
      sha256: string,
    ): Promise<
      { type: StoredImageType; storage: ImageStorageKind; bytes: Buffer | null } | undefined
    > {
      const row = await db
        .selectFrom('images')
        .select(['type', 'storage', 'bytes'])
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      if (row === undefined) return undefined;
      const bytes =
        row.bytes === null
          ? null
          : Buffer.isBuffer(row.bytes)
            ? row.bytes
            : Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
      return { type: row.type, storage: row.storage, bytes };
    },

    /** One image, its row locked until the transaction ends (delete). */
    async lockById(id: number): Promise<ImageMeta | undefined> {
      const row = await db
        .selectFrom('images')
        .select(metaColumns)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      return row === undefined ? undefined : toMeta(row);
    },

    async deleteById(id: number): Promise<void> {
      await db.deleteFrom('images').where('id', '=', id).execute();
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
