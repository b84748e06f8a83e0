// Console image uploads and /media serving (docs/console.md#images, ADR 0047) over the real app:
// type by magic bytes, size limit, EXIF stripped by re-encoding, content-addressed URLs served
// with immutable caching, the same bytes twice answering the same URL, roles, CSRF, audit.
import { consoleApi, CONSOLE_COOKIE, CONSOLE_CSRF_HEADER, ErrorCode } from '@hc/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuditRepository } from '../src/modules/audit/audit.repository';
import { testDatabases } from './support/databases';
import { consoleCall, signInOperator, type ConsoleClient } from './support/console';
import { createTestApp, type TestApp } from './support/helper';

const MAX = 64 * 1024;

/** A small JPEG carrying EXIF (camera make, GPS-like comment) and an orientation tag. */
async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 20, channels: 3, background: '#c03030' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'X-1', Copyright: 'leaked-owner-name' },
    })
    .toBuffer();
}

const png = (w = 16, h = 16, color = '#3060c0') =>
  sharp({ create: { width: w, height: h, channels: 4, background: color } })
    .png()
    .toBuffer();

describe.each(testDatabases())('images on %s', (kind) => {
  let t: TestApp;
  let ops: ConsoleClient;
  let content: ConsoleClient;
  let support: ConsoleClient;

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { IMAGE_MAX_BYTES: String(MAX) } });
    ops = await signInOperator(t, ['operations']);
    content = await signInOperator(t, ['content']);
    support = await signInOperator(t, ['support']);
  });
  afterAll(async () => {
    await t.app.close();
  });

  function upload(
    bytes: Buffer,
    client: ConsoleClient | null,
    options: { type?: string; csrf?: string | null } = {},
  ) {
    const headers: Record<string, string> = {
      'content-type': options.type ?? 'application/octet-stream',
    };
    if (client) headers.cookie = `${CONSOLE_COOKIE}=${client.token}`;
    const csrf = options.csrf === undefined ? client?.csrfToken : options.csrf;
    if (csrf) headers[CONSOLE_CSRF_HEADER] = csrf;
    return t.app.inject({
      method: 'POST',
      url: consoleApi.consoleImagesUpload.path,
      headers,
      payload: bytes,
    });
  }

  it('stores a PNG, answers a content-addressed URL, and the same bytes twice answer the same URL', async () => {
    const file = await png(30, 10);
    const first = await upload(file, ops, { type: 'image/png' });
    expect(first.statusCode).toBe(200);
    const a = first.json<{ code: number; result: { url: string; id: number } }>();
    expect(a.code).toBe(0);
    expect(a.result).toMatchObject({ width: 30, height: 10, type: 'image/png' });
    expect(a.result.url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    const again = (await upload(file, content)).json<{ result: { url: string; id: number } }>();
    expect(again.result).toMatchObject({ url: a.result.url, id: a.result.id });

    const served = await t.app.inject({ method: 'GET', url: a.result.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const etag = String(served.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(30);
    const notModified = await t.app.inject({
      method: 'GET',
      url: a.result.url,
      headers: { 'if-none-match': etag },
    });
    expect(notModified.statusCode).toBe(304);
    // Another extension, or an unknown hash: not found.
    expect(
      (await t.app.inject({ method: 'GET', url: a.result.url.replace('.png', '.jpg') })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/media/${'0'.repeat(64)}.png` })).statusCode,
    ).toBe(404);

    const listed = await consoleCall(
      t.app,
      consoleApi.consoleImagesList,
      { page: 1, size: 10 },
      content,
    );
    expect(listed.result?.list.some((i) => i.url === a.result.url)).toBe(true);
    // One audit row for the first upload, none for the repeat.
    const audit = await createAuditRepository(t.database.db).list({
      target: `image:${a.result.id}`,
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'image.upload', actor: ops.name, before: null });
    expect(audit[0]?.after).toMatchObject({ type: 'image/png', width: 30, height: 10 });
  });

  it('strips EXIF from a JPEG (re-encoded)', async () => {
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes('SecretCam')).toBe(true);
    const reply = (await upload(original, ops, { type: 'image/jpeg' })).json<{
      code: number;
      result: { url: string; type: string };
    }>();
    expect(reply.code).toBe(0);
    expect(reply.result.type).toBe('image/jpeg');
    const served = await t.app.inject({ method: 'GET', url: reply.result.url });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(served.rawPayload.includes('SecretCam')).toBe(false);
    expect(served.rawPayload.includes('leaked-owner-name')).toBe(false);
  });

  it('refuses wrong magic bytes, SVG, undecodable and too large files, and changes nothing', async () => {
    const before = await consoleCall(t.app, consoleApi.consoleImagesList, {}, ops);
    const text = Buffer.from('just some text, named cat.png');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    for (const [bytes, type] of [
      [text, 'image/png'],
      [svg, 'application/octet-stream'],
    ] as const) {
      const r = (await upload(bytes, ops, { type })).json<{ code: number }>();
      expect(r.code).toBe(ErrorCode.ImageTypeRefused);
    }
    // A PNG signature in front of garbage.
    const broken = Buffer.concat([(await png()).subarray(0, 16), Buffer.alloc(200, 7)]);
    expect((await upload(broken, ops)).json<{ code: number }>().code).toBe(
      ErrorCode.ImageUnreadable,
    );
    // Larger than IMAGE_MAX_BYTES (random pixels do not compress).
    const noise = Buffer.alloc(MAX + 10);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await upload(Buffer.concat([(await png()).subarray(0, 8), noise]), ops);
    expect(big.json<{ code: number; data: unknown }>()).toMatchObject({
      code: ErrorCode.ImageTooLarge,
      data: { maxBytes: MAX },
    });
    // A JSON body is not a file.
    const json = await consoleCall(t.app, consoleApi.consoleImagesUpload, {}, ops);
    expect(json.code).toBe(ErrorCode.InvalidParams);
    const after = await consoleCall(t.app, consoleApi.consoleImagesList, {}, ops);
    expect(after.result?.total).toBe(before.result?.total);
  });

  it('refuses roles without images, no session and a missing CSRF token before reading the file', async () => {
    const file = await png(8, 8, '#00ff00');
    const forbidden = await upload(file, support);
    expect([forbidden.statusCode, forbidden.json<{ code: number }>().code]).toEqual([
      403,
      ErrorCode.ConsoleForbidden,
    ]);
    const none = await upload(file, null);
    expect([none.statusCode, none.json<{ code: number }>().code]).toEqual([
      401,
      ErrorCode.ConsoleSessionExpired,
    ]);
    const noCsrf = await upload(file, ops, { csrf: null });
    expect([noCsrf.statusCode, noCsrf.json<{ code: number }>().code]).toEqual([
      403,
      ErrorCode.ConsoleCsrfFailed,
    ]);
    // Not even the size check runs without a session.
    const huge = await upload(Buffer.alloc(MAX * 2), null);
    expect(huge.json<{ code: number }>().code).toBe(ErrorCode.ConsoleSessionExpired);
  });
});
