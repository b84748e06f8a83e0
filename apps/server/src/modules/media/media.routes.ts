// Images (docs/console.md#images): the console's upload, list and delete calls, and
// GET /media/<file>, which every node serves from the shared store (the database or the S3
// bucket, ADR 0051) with immutable caching. The upload's body is the
// file itself: a content-type parser of this module's own scope reads it as bytes, refusing more
// than IMAGE_MAX_BYTES while it streams; registerCall checks the operator before the body is read.
import type { IMAGE_EXTENSIONS } from '@hc/contract';
import {
  consoleApi,
  ErrorCode,
  IMAGE_UPLOAD_CONTENT_TYPES,
  MEDIA_URL_PATTERN,
  toUnixSeconds,
} from '@hc/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Container } from '../../container';
import { AppError } from '../../lib/app-error';
import { registerCall } from '../../plugins/register-call';
import type { ImageMeta } from './images.repository';
import { mediaUrlOf, toUploadedImage } from './images.service';

/** Served files kept in memory (they never change): at most this many bytes in all. */
const CACHE_BYTES = 32 * 1024 * 1024;

async function readLimited(
  payload: AsyncIterable<Buffer | string>,
  declaredLength: string | undefined,
  maxBytes: number,
): Promise<Buffer> {
  const tooLarge = () => new AppError(ErrorCode.ImageTooLarge, { maxBytes });
  if (declaredLength !== undefined && Number(declaredLength) > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(bytes);
  }
  return Buffer.concat(chunks);
}

export function register(app: FastifyInstance, c: Container): void {
  const images = c.images;

  void app.register((scope, _options, done) => {
    scope.addContentTypeParser(
      [...IMAGE_UPLOAD_CONTENT_TYPES],
      (req: FastifyRequest, payload: NodeJS.ReadableStream) =>
        readLimited(
          payload as unknown as AsyncIterable<Buffer>,
          req.headers['content-length'],
          images.maxBytes,
        ),
    );
    registerCall(scope, consoleApi.consoleImagesUpload, ({ file, operator }) =>
      images.upload(file.bytes, { name: operator.name, ip: operator.ip }),
    );
    done();
  });

  registerCall(app, consoleApi.consoleImagesList, async ({ body }) => {
    const { rows, total } = await images.page(body.page, body.size);
    return {
      list: rows.map((m: ImageMeta) => ({
        ...toUploadedImage(m),
        sha256: m.sha256,
        createdAt: toUnixSeconds(m.createdAt),
        uploadedBy: m.uploadedBy,
        storage: m.storage,
      })),
      total,
      page: body.page,
      size: body.size,
    };
  });

  registerCall(app, consoleApi.consoleImagesDelete, async ({ body, operator }) => {
    await images.delete(body.id, { name: operator.name, ip: operator.ip });
    return { success: true as const };
  });

  const cache = new Map<string, { type: string; bytes: Buffer }>();
  let cached = 0;
  // A deleted image must stop being served by every node (browsers and CDNs may keep their copy).
  c.invalidation.subscribe('images', () => {
    cache.clear();
    cached = 0;
  });
  function remember(sha: string, file: { type: string; bytes: Buffer }) {
    if (file.bytes.length > CACHE_BYTES / 4) return;
    while (cached + file.bytes.length > CACHE_BYTES && cache.size > 0) {
      const [oldest, entry] = cache.entries().next().value as [string, { bytes: Buffer }];
      cache.delete(oldest);
      cached -= entry.bytes.length;
    }
    cache.set(sha, file);
    cached += file.bytes.length;
  }

  app.get<{ Params: { file: string } }>('/media/:file', async (req, reply) => {
    const match = MEDIA_URL_PATTERN.exec(`/media/${req.params.file}`);
    const sha = match?.[1];
    const ext = match?.[2];
    const file =
      sha === undefined ? undefined : (cache.get(sha) ?? (await images.file(sha)) ?? undefined);
    if (
      sha === undefined ||
      file === undefined ||
      mediaUrlOf({ sha256: sha, type: file.type as keyof typeof IMAGE_EXTENSIONS }) !==
        `/media/${sha}.${ext}`
    ) {
      return reply
        .code(404)
        .header('cache-control', 'no-store')
        .type('text/plain; charset=utf-8')
        .send('Not Found');
    }
    if (!cache.has(sha)) remember(sha, file);
    const etag = `"${sha}"`;
    void reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', etag)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'cross-origin');
    const inm = req.headers['if-none-match'];
    if (inm !== undefined && inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag))
      return reply.code(304).send();
    return reply.type(file.type).send(file.bytes);
  });
}
