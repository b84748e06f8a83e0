// Images uploaded in the console (docs/console.md#images, ADR 0047): pack pictures, article
// covers, banners. The upload's body is the file itself (not JSON); the server checks its type by
// its bytes, re-encodes it without metadata and answers a content-addressed URL
// `/media/<sha256>.<ext>` that every node serves with immutable caching.
import { z } from 'zod';
import { defineCall, pageOf } from '../call';
import { numericId, pageQuery, unixSeconds } from '../common';

/** The image types accepted and stored (SVG is refused: it can carry script). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];
export const imageTypeSchema = z.enum(IMAGE_TYPES);

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

export const mediaUrl = z
  .string()
  .regex(MEDIA_URL_PATTERN, 'an image uploaded in the console: /media/<sha256>.<ext>')
  .describe('Content-addressed URL of an uploaded image');

/** Media types the upload accepts in its Content-Type header (the bytes decide the real type). */
export const IMAGE_UPLOAD_CONTENT_TYPES = [...IMAGE_TYPES, 'application/octet-stream'] as const;

export const uploadedImageSchema = z.object({
  id: numericId,
  /** `/media/<sha256>.<ext>`: the same bytes always answer the same URL. */
  url: mediaUrl,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** Size of the stored (re-encoded) file in bytes. */
  bytes: z.number().int().positive(),
  type: imageTypeSchema,
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export const imageListItemSchema = uploadedImageSchema.extend({
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  createdAt: unixSeconds,
  /** The operator who first uploaded it. */
  uploadedBy: z.string(),
});
export type ImageListItem = z.infer<typeof imageListItemSchema>;

const spec = 'docs/console.md#images';
const tag = 'console' as const;

export const consoleImagesUpload = defineCall({
  path: '/api/console/images/upload',
  method: 'POST',
  auth: 'console',
  roles: ['operations', 'content'],
  upload: IMAGE_UPLOAD_CONTENT_TYPES,
  body: z.object({}).describe('The body is the image file itself'),
  result: uploadedImageSchema,
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
  body: z.object({ ...pageQuery }),
  result: pageOf(imageListItemSchema),
  summary: 'Uploaded images, newest first, paged (the image picker)',
  spec,
  chosen: 'Paged like the audit log; each image once (the same bytes are one image).',
  tag,
});
