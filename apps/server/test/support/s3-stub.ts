// A local S3-compatible server for tests (ADR 0051): the subset the portal uses, path style
// (`/<bucket>/<key>`): PUT, GET, HEAD and DELETE of objects, answered the way S3 answers (XML
// errors, ETag, 404 NoSuchKey, 204 on delete). Every request must carry a well-formed AWS
// Signature Version 4 `Authorization` header, and the signature is recomputed with the known
// secret: a wrong key, a wrong signature or a payload that does not match its declared SHA-256
// answers 403 like S3 does.
import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StoredObject {
  bytes: Buffer;
  contentType: string;
  cacheControl: string | undefined;
}

export interface S3Stub {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  /** Objects by `<bucket>/<key>`. */
  objects: Map<string, StoredObject>;
  /** Every request: method, path and whether it was accepted. */
  requests: Array<{ method: string; path: string; status: number }>;
  /** The secret signatures are checked with (change it to make every request fail). */
  secret: string;
  close(): Promise<void>;
}

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/\s,]+)\/(\d{8})\/([^/\s,]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it (only unreserved characters stay). */
const encode = (s: string) =>
  encodeURIComponent(s).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

function canonicalQuery(search: string): string {
  const params = [...new URLSearchParams(search)].map(([k, v]) => [encode(k), encode(v)] as const);
  params.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1));
  return params.map(([k, v]) => `${k}=${v}`).join('&');
}

/** Why the request's signature is refused, or undefined when it is right. */
function checkSignature(
  req: IncomingMessage,
  body: Buffer,
  accessKeyId: string,
  secret: string,
): string | undefined {
  const header = req.headers.authorization ?? '';
  const m = AUTH.exec(header);
  if (m === null) return 'AuthorizationHeaderMalformed';
  const [, keyId, date, region, signedHeaders, signature] = m as unknown as string[];
  if (keyId !== accessKeyId) return 'InvalidAccessKeyId';
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || !amzDate.startsWith(date!))
    return 'AuthorizationHeaderMalformed';
  const names = signedHeaders!.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return 'AccessDenied';
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash === '') return 'InvalidRequest';
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body))
    return 'XAmzContentSHA256Mismatch';
  const url = new URL(req.url ?? '/', 'http://stub');
  const canonicalHeaders = names
    .map((n) => {
      const v = req.headers[n];
      const value = Array.isArray(v) ? v.join(',') : String(v ?? '');
      return `${n}:${value.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalRequest = [
    req.method,
    url.pathname,
    canonicalQuery(url.search),
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key = hmac(`AWS4${secret}`, date!);
  for (const part of [region!, 's3', 'aws4_request']) key = hmac(key, part);
  const expected = createHmac('sha256', key).update(stringToSign).digest('hex');
  return expected === signature ? undefined : 'SignatureDoesNotMatch';
}

function xmlError(res: ServerResponse, status: number, code: string, key = ''): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code>` +
      `<Message>${code}</Message><Key>${key}</Key><RequestId>stub</RequestId></Error>`,
  );
}

export async function startS3Stub(options: {
  accessKeyId: string;
  secret: string;
  bucket: string;
}): Promise<S3Stub> {
  const objects = new Map<string, StoredObject>();
  const requests: S3Stub['requests'] = [];
  const stub = { secret: options.secret } as S3Stub;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://stub').pathname);
      const done = (status: number) => requests.push({ method: req.method ?? '', path, status });
      const refused = checkSignature(req, body, options.accessKeyId, stub.secret);
      if (refused !== undefined) {
        done(403);
        return xmlError(res, 403, refused);
      }
      const [, bucket, ...rest] = path.split('/');
      const key = rest.join('/');
      if (bucket !== options.bucket) {
        done(404);
        return xmlError(res, 404, 'NoSuchBucket');
      }
      const id = `${bucket}/${key}`;
      const object = objects.get(id);
      const etag = `"${createHash('md5')
        .update(object?.bytes ?? body)
        .digest('hex')}"`;
      switch (req.method) {
        case 'PUT':
          objects.set(id, {
            bytes: body,
            contentType: String(req.headers['content-type'] ?? 'binary/octet-stream'),
            cacheControl: req.headers['cache-control'],
          });
          done(200);
          res.writeHead(200, { etag });
          return res.end();
        case 'GET':
        case 'HEAD':
          if (object === undefined) {
            done(404);
            return req.method === 'HEAD'
              ? (res.writeHead(404), res.end())
              : xmlError(res, 404, 'NoSuchKey', key);
          }
          done(200);
          res.writeHead(200, {
            'content-type': object.contentType,
            'content-length': object.bytes.length,
            etag,
          });
          return res.end(req.method === 'GET' ? object.bytes : undefined);
        case 'DELETE':
          objects.delete(id);
          done(204);
          res.writeHead(204);
          return res.end();
        default:
          done(405);
          return xmlError(res, 405, 'MethodNotAllowed');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(stub, {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
