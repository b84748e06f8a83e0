// Console images in an S3-compatible bucket (IMAGE_STORAGE=s3, ADR 0051) over the real app and a
// local server speaking the S3 protocol subset used (path style PUT/GET/DELETE, SigV4 signatures
// checked with the known secret): the upload writes the object, not the row's bytes; /media
// streams it with the same headers as from the database; the list shows it; a delete removes the
// object; a bucket that refuses answers ImageStorageFailed and stores nothing. Plus the config
// rule: IMAGE_STORAGE=s3 without its settings does not start.
import { consoleApi, CONSOLE_COOKIE, CONSOLE_CSRF_HEADER, ErrorCode } from '@hc/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { createAuditRepository } from '../src/modules/audit/audit.repository';
import { consoleCall, signInOperator, type ConsoleClient } from './support/console';
import { testDatabases } from './support/databases';
import { createTestApp, PRODUCTION_SECRETS, type TestApp } from './support/helper';
import { startS3Stub, type S3Stub } from './support/s3-stub';

const ACCESS_KEY_ID = 'AKIAHCPORTALTEST';
const SECRET = 'hc-portal-test-secret-access-key/0123456789';
const BUCKET = 'hc-media-test';

describe('IMAGE_STORAGE=s3 configuration', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems;
    }
    return [];
  };

  it('refuses to start without the bucket settings, naming each (production or not)', () => {
    for (const env of [
      { IMAGE_STORAGE: 's3' },
      { IMAGE_STORAGE: 's3', NODE_ENV: 'production', ...PRODUCTION_SECRETS },
    ]) {
      const found = problems(env);
      for (const name of ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
        expect(found).toContainEqual({
          variable: name,
          message: 'is required when IMAGE_STORAGE=s3',
        });
    }
    expect(problems({ IMAGE_STORAGE: 'disk' }).map((p) => p.variable)).toContain('IMAGE_STORAGE');
  });

  it('keeps the database as the default and never echoes the secret', () => {
    expect(loadConfig({}).images).toMatchObject({ storage: 'database', s3: undefined });
    const found = problems({
      IMAGE_STORAGE: 's3',
      S3_SECRET_ACCESS_KEY: SECRET,
      S3_ENDPOINT: 'ftp://x',
    });
    expect(JSON.stringify(found)).not.toContain(SECRET);
    expect(found.map((p) => p.variable)).toContain('S3_ENDPOINT');
  });
});

describe.each(testDatabases())('images in an S3 bucket on %s', (kind) => {
  let t: TestApp;
  let s3: S3Stub;
  let ops: ConsoleClient;

  beforeAll(async () => {
    s3 = await startS3Stub({ accessKeyId: ACCESS_KEY_ID, secret: SECRET, bucket: BUCKET });
    t = await createTestApp(kind, {
      env: {
        IMAGE_STORAGE: 's3',
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: 'us-east-1',
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
        S3_SECRET_ACCESS_KEY: SECRET,
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    ops = await signInOperator(t, ['operations']);
  });
  afterAll(async () => {
    await t.app.close();
    await s3.close();
  });

  const upload = (bytes: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: consoleApi.consoleImagesUpload.path,
      headers: {
        'content-type': 'image/webp',
        cookie: `${CONSOLE_COOKIE}=${ops.token}`,
        [CONSOLE_CSRF_HEADER]: ops.csrfToken,
      },
      payload: bytes,
    });

  it('writes the upload to the bucket, serves it from there, lists it and deletes it', async () => {
    const original = await sharp({
      create: { width: 24, height: 18, channels: 3, background: '#208040' },
    })
      .webp()
      .withExif({ IFD0: { Make: 'SecretCam' } })
      .toBuffer();
    const reply = upload(original);
    const sent = (await reply).json<{ code: number; result: { id: number; url: string } }>();
    expect(sent.code).toBe(0);
    const { id, url } = sent.result;
    expect(url).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
    const name = url.slice('/media/'.length);

    // In the bucket under S3_KEY_PREFIX, signed (the stub checked the signature), re-encoded.
    const object = s3.objects.get(`${BUCKET}/media/${name}`);
    expect(object).toBeDefined();
    expect(object!.contentType).toBe('image/webp');
    expect(object!.bytes.includes('SecretCam')).toBe(false);
    expect(s3.requests).toContainEqual({
      method: 'PUT',
      path: `/${BUCKET}/media/${name}`,
      status: 200,
    });
    // The row keeps no bytes.
    const row = await t.database.db
      .selectFrom('images')
      .select(['storage', 'bytes'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ storage: 's3', bytes: null });

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(Buffer.compare(served.rawPayload, object!.bytes)).toBe(0);
    expect(served.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      etag: `"${name.slice(0, 64)}"`,
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(s3.requests).toContainEqual({
      method: 'GET',
      path: `/${BUCKET}/media/${name}`,
      status: 200,
    });

    const list = await consoleCall(t.app, consoleApi.consoleImagesList, { page: 1, size: 10 }, ops);
    expect(list.result?.list.find((i) => i.id === id)).toMatchObject({
      url,
      storage: 's3',
      width: 24,
      height: 18,
    });

    const deleted = await consoleCall(t.app, consoleApi.consoleImagesDelete, { id }, ops);
    expect(deleted.code).toBe(0);
    expect(s3.objects.has(`${BUCKET}/media/${name}`)).toBe(false);
    expect(s3.requests).toContainEqual({
      method: 'DELETE',
      path: `/${BUCKET}/media/${name}`,
      status: 204,
    });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const audit = await createAuditRepository(t.database.db).list({ target: `image:${id}` });
    expect(audit.map((a) => a.action).sort()).toEqual(['image.delete', 'image.upload']);
  });

  it('answers ImageStorageFailed when the bucket refuses the signature, and stores nothing', async () => {
    const before = await consoleCall(
      t.app,
      consoleApi.consoleImagesList,
      { page: 1, size: 10 },
      ops,
    );
    s3.secret = 'not-the-secret-the-portal-signs-with';
    try {
      const bytes = await sharp({
        create: { width: 9, height: 9, channels: 3, background: '#902020' },
      })
        .webp()
        .toBuffer();
      const reply = (await upload(bytes)).json<{ code: number }>();
      expect(reply.code).toBe(ErrorCode.ImageStorageFailed);
      expect(s3.requests.at(-1)?.status).toBe(403);
    } finally {
      s3.secret = SECRET;
    }
    const after = await consoleCall(
      t.app,
      consoleApi.consoleImagesList,
      { page: 1, size: 10 },
      ops,
    );
    expect(after.result?.total).toBe(before.result?.total);
  });
});
