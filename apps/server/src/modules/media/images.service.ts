// Console image uploads (docs/console.md#images, ADR 0047). The type is read from the file's
// first bytes (PNG, JPEG or WebP; anything else, SVG included, is refused), the image is decoded
// and re-encoded by sharp (libvips) in the same format, which drops EXIF, XMP, ICC and every
// other metadata and applies the EXIF orientation first. The stored bytes are named by their
// SHA-256, so the same picture always has the same URL, and the URL never changes meaning.
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
import sharp from 'sharp';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { createAuditRepository } from '../audit/audit.repository';
import { createImagesRepository, type ImageMeta } from './images.repository';

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

/** `/media/<sha256>.<ext>` of a stored image. */
export function mediaUrlOf(image: Pick<ImageMeta, 'sha256' | 'type'>): string {
  return `${MEDIA_PATH_PREFIX}${image.sha256}.${IMAGE_EXTENSIONS[image.type]}`;
}

/** The SHA-256 a media URL names, or undefined when it is not one of ours. */
export function shaOfMediaUrl(url: string): string | undefined {
  return MEDIA_URL_PATTERN.exec(url)?.[1];
}

/** Decodes and re-encodes in the same format, without metadata; answers the new bytes. */
export async function reencode(
  bytes: Uint8Array,
  type: ImageType,
): Promise<{ bytes: Buffer; width: number; height: number }> {
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

export function createImagesService(deps: { db: Kysely<DB>; clock: Clock; maxBytes: number }) {
  const repo = createImagesRepository(deps.db);

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
        });
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
            },
            at,
          });
        return toUploadedImage(meta);
      });
    },

    page: (page: number, size: number) => repo.page(page, size),

    /** The stored file for `/media/<sha256>.<ext>`. */
    file: (sha256: string) => repo.bytesBySha(sha256),

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
