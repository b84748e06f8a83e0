// Console image uploads (docs/console.md#images, ADR 0047). The type is read from the file's
// first bytes (PNG, JPEG or WebP; anything else, SVG included, is refused), the image is decoded
// and re-encoded by sharp (libvips) in the same format, which drops EXIF, XMP, ICC and every
// other metadata and applies the EXIF orientation first. The stored bytes are named by their
// SHA-256, so the same picture always has the same URL, and the URL never changes meaning.
// The bytes go to the database or to an S3-compatible bucket (IMAGE_STORAGE, ADR 0051); the row
// in `images` exists either way. An image nothing refers to can be deleted.
import { createHash } from 'node:crypto';
import {
  ErrorCode,
  IMAGE_EXTENSIONS,
  MEDIA_PATH_PREFIX,
  MEDIA_URL_PATTERN,
  type ImageType,
  type UploadedImage,
} from '@hc/contract';
import type { Kysely } from 'kysely';
import type { ImageObjectStore } from '../../adapters/image-store/s3';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { createAuditRepository } from '../audit/audit.repository';
import { createImageUsageRepository } from './image-usage.repository';
import {
  createImagesRepository,
  type ImageMeta,
  type ImageStorageKind,
  type StoredImageType,
} from './images.repository';

/** Decoding bombs: a 20 kB PNG can claim 50 000 × 50 000 pixels. */
export const IMAGE_MAX_PIXELS = 40_000_000;

/** The type the first bytes announce, or undefined (not an accepted image). */
export function sniffImageType(bytes: Uint8Array): ImageType | undefined {
  const at = (i: number) => bytes[i];
  if (
    bytes.length >= 8 &&
    at(0) === 0x89 &&
    at(1) === 0x50 &&
    at(2) === 0x4e &&
    at(3) === 0x47 &&
    at(4) === 0x0d &&
    at(5) === 0x0a &&
    at(6) === 0x1a &&
    at(7) === 0x0a
  )
    return 'image/png';
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 12 &&
    Buffer.from(bytes.subarray(0, 4)).toString('latin1') === 'RIFF' &&
    Buffer.from(bytes.subarray(8, 12)).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return undefined;
}

const SHARP_FORMAT: Record<ImageType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

/** `<sha256>.<ext>`: the file name in media URLs and, after S3_KEY_PREFIX, the object key. */
export function mediaFileName(image: Pick<ImageMeta, 'sha256' | 'type'>): string {
  return `${image.sha256}.${IMAGE_EXTENSIONS[image.type]}`;
}

/** `/media/<sha256>.<ext>` of a stored image. */
export function mediaUrlOf(image: Pick<ImageMeta, 'sha256' | 'type'>): string {
  return `${MEDIA_PATH_PREFIX}${mediaFileName(image)}`;
}

/** The SHA-256 a media URL names, or undefined when it is not one of ours. */
export function shaOfMediaUrl(url: string): string | undefined {
  return MEDIA_URL_PATTERN.exec(url)?.[1];
}

/** sharp (libvips, ~9 MB resident) loads with the first image: most processes never get one. */
let sharpModule: ReturnType<typeof loadSharp> | undefined;
const loadSharp = async () => (await import('sharp')).default;

/** Decodes and re-encodes in the same format, without metadata; answers the new bytes. */
export async function reencode(
  bytes: Uint8Array,
  type: ImageType,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  const sharp = await (sharpModule ??= loadSharp());
  try {
    const input = sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error' });
    const meta = await input.metadata();
    // The decoder must agree with the signature (a PNG header in front of something else).
    if (meta.format !== SHARP_FORMAT[type]) throw new AppError(ErrorCode.ImageUnreadable);
    // rotate() with no angle applies the EXIF orientation, so stripping it keeps the picture upright.
    let pipeline = input.rotate();
    pipeline =
      type === 'image/png'
        ? pipeline.png({ compressionLevel: 9 })
        : type === 'image/jpeg'
          ? pipeline.jpeg({ quality: 90, mozjpeg: true })
          : pipeline.webp({ quality: 90 });
    // sharp writes no metadata unless asked to (withMetadata / keepExif): EXIF, XMP, IPTC are gone.
    const { data, info } = await pipeline.toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(ErrorCode.ImageUnreadable);
  }
}

export interface ImageActor {
  name: string;
  ip: string;
}

export function toUploadedImage(meta: ImageMeta): UploadedImage {
  return {
    id: meta.id,
    url: mediaUrlOf(meta),
    width: meta.width,
    height: meta.height,
    bytes: meta.size,
    type: meta.type,
  };
}

export interface ImagesServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  maxBytes: number;
  /** Where new uploads go (IMAGE_STORAGE); default the database. */
  storage?: ImageStorageKind;
  /** The bucket: required for storage 's3', and to serve or delete images stored there before. */
  store?: ImageObjectStore | undefined;
  /** Tells every node to forget served files (the `images` topic of the invalidation bus). */
  invalidate?: () => Promise<void>;
}

export function createImagesService(deps: ImagesServiceDeps) {
  const repo = createImagesRepository(deps.db);
  const storage = deps.storage ?? 'database';
  if (storage === 's3' && deps.store === undefined)
    throw new Error('IMAGE_STORAGE=s3 needs the S3 settings');
  const bucket = (): ImageObjectStore => {
    if (deps.store === undefined)
      throw new Error('an image is stored in the S3 bucket but the S3 settings are not given');
    return deps.store;
  };

  return {
    maxBytes: deps.maxBytes,

    /** Checks, re-encodes and stores an upload (audited when new); answers its URL. */
    async upload(bytes: Uint8Array, actor: ImageActor): Promise<UploadedImage> {
      if (bytes.byteLength > deps.maxBytes)
        throw new AppError(ErrorCode.ImageTooLarge, { maxBytes: deps.maxBytes });
      const type = sniffImageType(bytes);
      if (type === undefined) throw new AppError(ErrorCode.ImageTypeRefused);
      const encoded = await reencode(bytes, type);
      const sha256 = createHash('sha256').update(encoded.bytes).digest('hex');
      const at = deps.clock.now();
      return deps.db.transaction().execute(async (trx) => {
        const { meta, inserted } = await createImagesRepository(trx).insertOnce({
          sha256,
          type,
          width: encoded.width,
          height: encoded.height,
          bytes: encoded.bytes,
          uploadedBy: actor.name,
          at,
          storage,
        });
        if (inserted && storage === 's3')
          // Inside the transaction: the row becomes visible only once the object is written, and
          // a concurrent delete of the same image (row locked) finishes before this insert.
          await bucket().put(mediaFileName(meta), encoded.bytes, type);
        if (inserted)
          await createAuditRepository(trx).append({
            actorKind: 'operator',
            actor: actor.name,
            ip: actor.ip,
            action: 'image.upload',
            target: `image:${meta.id}`,
            before: null,
            after: {
              sha256,
              type,
              width: meta.width,
              height: meta.height,
              bytes: meta.size,
              originalBytes: bytes.byteLength,
              storage,
            },
            at,
          });
        return toUploadedImage(meta);
      });
    },

    page: (page: number, size: number) => repo.page(page, size),

    /** The stored file for `/media/<sha256>.<ext>`, from the row or the bucket. */
    async file(sha256: string): Promise<{ type: StoredImageType; bytes: Buffer } | undefined> {
      const row = await repo.fileBySha(sha256);
      if (row === undefined) return undefined;
      if (row.bytes !== null) return { type: row.type, bytes: row.bytes };
      const bytes = await bucket().get(mediaFileName({ sha256, type: row.type }));
      return bytes === undefined ? undefined : { type: row.type, bytes };
    },

    /**
     * Deletes an image nothing shows (ImageInUse with `data.usedBy` otherwise), with its bytes
     * and an audit row, in one transaction; then every node forgets the file.
     */
    async delete(id: number, actor: ImageActor): Promise<void> {
      await deps.db.transaction().execute(async (trx) => {
        const images = createImagesRepository(trx);
        const meta = await images.lockById(id);
        if (meta === undefined) throw new AppError(ErrorCode.ImageNotFound);
        const usedBy = await createImageUsageRepository(trx).usages(meta.sha256);
        if (usedBy.length > 0) throw new AppError(ErrorCode.ImageInUse, { usedBy });
        await images.deleteById(id);
        await createAuditRepository(trx).append({
          actorKind: 'operator',
          actor: actor.name,
          ip: actor.ip,
          action: 'image.delete',
          target: `image:${id}`,
          before: {
            sha256: meta.sha256,
            type: meta.type,
            width: meta.width,
            height: meta.height,
            bytes: meta.size,
            storage: meta.storage,
            uploadedBy: meta.uploadedBy,
          },
          after: null,
          at: deps.clock.now(),
        });
        // Last, so a refused delete in the bucket rolls the row back (ImageStorageFailed).
        if (meta.storage === 's3') await bucket().delete(mediaFileName(meta));
      });
      await deps.invalidate?.();
    },

    /** The media URLs among `urls` that name no stored image. */
    async unknownUrls(urls: readonly string[]): Promise<string[]> {
      const shas = urls.map((u) => shaOfMediaUrl(u));
      const known = await repo.existing(shas.filter((s): s is string => s !== undefined));
      return urls.filter((_, i) => {
        const sha = shas[i];
        return sha === undefined || !known.has(sha);
      });
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
