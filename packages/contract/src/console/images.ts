// Images uploaded in the console (docs/console.md#images, ADR 0047, ADR 0051): pack pictures,
// article covers, banners. The upload's body is the file itself (not JSON); the server checks its
// type by its bytes, re-encodes it without metadata and answers a content-addressed URL
// `/media/<sha256>.<ext>` that every node serves with immutable caching, whether the bytes are in
// the database or in an S3-compatible bucket. An image nothing refers to can be deleted.
import { z } from 'zod';
import { defineCall, pageOf } from '../call';
import { numericId, pageQuery, unixSeconds } from '../common';
import { builtOnFirstUse } from '../lazy';

/** The image types accepted and stored (SVG is refused: it can carry script). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export const imageTypeSchema = builtOnFirstUse(() => z.enum(IMAGE_TYPES));

/** The file extension of each stored type, as used in media URLs. */
export const IMAGE_EXTENSIONS: Readonly<Record<ImageType, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
};

/** Where uploaded images are served: `/media/<sha256>.<ext>`. */
export const MEDIA_PATH_PREFIX = '/media/';

/** A media URL of this portal: `/media/` + 64 lowercase hex digits + `.png|.jpg|.webp`. */
export const MEDIA_URL_PATTERN = /^\/media\/([0-9a-f]{64})\.(png|jpg|webp)$/;

export const mediaUrl = builtOnFirstUse(() =>
  z
    .string()
    .regex(MEDIA_URL_PATTERN, 'an image uploaded in the console: /media/<sha256>.<ext>')
    .describe('Content-addressed URL of an uploaded image'),
);

/** Media types the upload accepts in its Content-Type header (the bytes decide the real type). */
export const IMAGE_UPLOAD_CONTENT_TYPES = [...IMAGE_TYPES, 'application/octet-stream'] as const;

export const uploadedImageSchema = builtOnFirstUse(() =>
  z.object({
    id: numericId,
    /** `/media/<sha256>.<ext>`: the same bytes always answer the same URL. */
    url: mediaUrl,
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    /** Size of the stored (re-encoded) file in bytes. */
    bytes: z.number().int().positive(),
    type: imageTypeSchema,
  }),
);
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** Where an image's bytes are kept: the `images` table, or the S3-compatible bucket (ADR 0051). */
export const IMAGE_STORAGES = ['database', 's3'] as const;
export type ImageStorage = (typeof IMAGE_STORAGES)[number];

export const imageListItemSchema = builtOnFirstUse(() =>
  uploadedImageSchema.extend({
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    createdAt: unixSeconds,
    /** The operator who first uploaded it. */
    uploadedBy: z.string(),
    storage: z.enum(IMAGE_STORAGES),
  }),
);
export type ImageListItem = z.infer<typeof imageListItemSchema>;

const spec = 'docs/console.md#images';
const tag = 'console' as const;

export const consoleImagesUpload = defineCall({
  path: '/api/console/images/upload',
  method: 'POST',
  auth: 'console',
  roles: ['operations', 'content'],
  upload: IMAGE_UPLOAD_CONTENT_TYPES,
  body: () => z.object({}).describe('The body is the image file itself'),
  result: () => uploadedImageSchema,
  summary: 'Uploads an image (PNG, JPEG or WebP) and answers its content-addressed URL',
  spec,
  chosen:
    'The request body is the raw file with Content-Type image/png, image/jpeg, image/webp or application/octet-stream; ' +
    'the type is read from the bytes (ImageTypeRefused otherwise, SVG included), at most IMAGE_MAX_BYTES (ImageTooLarge), ' +
    'decoded and re-encoded without EXIF or other metadata (ImageUnreadable when it cannot be decoded). ' +
    'The same stored bytes answer the same id and URL.',
  tag,
});

export const consoleImagesList = defineCall({
  path: '/api/console/images/list',
  method: 'POST',
  auth: 'console',
  roles: ['operations', 'content'],
  body: () => z.object({ ...pageQuery }),
  result: () => pageOf(imageListItemSchema),
  summary: 'Uploaded images, newest first, paged (the image picker)',
  spec,
  chosen: 'Paged like the audit log; each image once (the same bytes are one image).',
  tag,
});

/** What may show an uploaded image: the kinds of record searched before a delete. */
export const IMAGE_USAGE_KINDS = [
  'game',
  'pack',
  'article',
  'home',
  'block',
  'page',
  'bulletin',
  'campaign',
] as const;
export type ImageUsageKind = (typeof IMAGE_USAGE_KINDS)[number];

/** One record that shows the image: `data.usedBy` of ImageInUse. */
export const imageUsageSchema = builtOnFirstUse(() =>
  z.object({
    kind: z.enum(IMAGE_USAGE_KINDS),
    /** The record's id (a game id, pack id, article id…; the slug of a page). */
    id: z.string(),
    /** Its en-US name or title, when it has one ('' otherwise). */
    label: z.string(),
  }),
);
export type ImageUsage = z.infer<typeof imageUsageSchema>;

/** `data` of ImageInUse: every record that refers to the image (at most IMAGE_USAGE_LIMIT). */
export const imageInUseDataSchema = builtOnFirstUse(() =>
  z.object({ usedBy: z.array(imageUsageSchema) }),
);
export type ImageInUseData = z.infer<typeof imageInUseDataSchema>;
export const IMAGE_USAGE_LIMIT = 20;

export const consoleImagesDelete = defineCall({
  path: '/api/console/images/delete',
  method: 'POST',
  auth: 'console',
  roles: ['operations', 'content'],
  body: () => z.object({ id: numericId }),
  result: () => z.object({ success: z.literal(true) }),
  summary: 'Deletes an uploaded image that nothing refers to; audited',
  spec,
  chosen:
    'Refused with ImageInUse (data.usedBy: kind, id, label) while a game, pack, article, home ' +
    'banner, block, page, bulletin or campaign names its URL (its SHA-256 anywhere in the record, ' +
    'texts included); ImageNotFound when unknown. Otherwise the row and its bytes (database or ' +
    'bucket) are removed in one transaction with the audit row image.delete.',
  tag,
});
