// Image bytes in an S3-compatible bucket (ADR 0051, docs/console.md#images): PUT, GET and DELETE
// of one object per image, `<S3_KEY_PREFIX><sha256>.<ext>`, through @aws-sdk/client-s3 (SigV4).
// The objects stay private: every node reads them and serves /media itself, with the portal's
// headers. Checksums are sent and checked only when the operation requires them, since several
// S3-compatible services do not accept the SDK's newer default trailers.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { ErrorCode } from '@hc/contract';
import { AppError } from '../../lib/app-error';

export interface S3Settings {
  /** Unset: AWS S3 itself. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  keyPrefix: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** Where image bytes live outside the database. */
export interface ImageObjectStore {
  put(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes, or undefined when there is none of that name. */
  get(name: string): Promise<Buffer | undefined>;
  /** Removes the object; no error when it is already gone. */
  delete(name: string): Promise<void>;
}

export interface StoreLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export function createS3ImageStore(settings: S3Settings, log?: StoreLog): ImageObjectStore {
  /** A failure of the bucket: ImageStorageFailed for the operator, the cause in the log. */
  function storageFailed(cause: unknown, action: string, name: string): AppError {
    log?.warn({ err: cause, action, bucket: settings.bucket, name }, 'image storage failed');
    return new AppError(ErrorCode.ImageStorageFailed);
  }
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint !== undefined && { endpoint: settings.endpoint }),
    forcePathStyle: settings.forcePathStyle,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const key = (name: string) => `${settings.keyPrefix}${name}`;
  const Bucket = settings.bucket;

  return {
    async put(name, bytes, contentType) {
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: key(name),
            Body: bytes,
            ContentType: contentType,
            ContentLength: bytes.byteLength,
            CacheControl: 'public, max-age=31536000, immutable',
          }),
        );
      } catch (error) {
        throw storageFailed(error, 'put', name);
      }
    },

    async get(name) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key(name) }));
        if (out.Body === undefined) return undefined;
        return Buffer.from(await out.Body.transformToByteArray());
      } catch (error) {
        if (
          error instanceof NoSuchKey ||
          (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
        )
          return undefined;
        throw error;
      }
    },

    async delete(name) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key(name) }));
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return;
        throw storageFailed(error, 'delete', name);
      }
    },
  };
}
