import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import type { Config } from '../../config';
import { STORAGE_KEY, type S3Storage } from './contract';

type S3Settings = NonNullable<Config['s3']>;

/** The object the readiness probe reads: outside the receipts' keys, two bytes. */
const PROBE_KEY = 'health-probe';

const isMissing = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/**
 * Receipts in an S3-compatible bucket: AWS S3, MinIO or Cloudflare R2 (decision 020). The browser
 * PUTs straight to the bucket at a presigned address whose signature covers the content type and
 * length; what the bucket cannot check (the bytes) is checked at attach with a ranged GET.
 */
export function createS3Storage(settings: S3Settings): S3Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: a browser PUT to a presigned address sends none, and
    // R2 and older MinIO refuse the newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const object = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw new Error('invalid storage key');
    return { Bucket: settings.bucket, Key: key };
  };

  return {
    kind: 's3',

    async createUploadTarget({ key, contentType, size, expiresAt }) {
      const command = new PutObjectCommand({ ...object(key), ContentType: contentType, ContentLength: size });
      const expiresIn = Math.max(1, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
      // Content-Type and Content-Length are signed headers: the bucket refuses another type or length.
      const url = await getSignedUrl(client, command, { expiresIn, signableHeaders: new Set(['content-type', 'content-length']) });
      return { url, headers: { 'Content-Type': contentType } };
    },

    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand(object(key)));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async readStart(key, bytes) {
      try {
        const answer = await client.send(new GetObjectCommand({ ...object(key), Range: `bytes=0-${bytes - 1}` }));
        return Buffer.from((await answer.Body?.transformToByteArray()) ?? []).subarray(0, bytes);
      } catch (error) {
        // An empty object has no byte 0 to range over.
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) return Buffer.alloc(0);
        throw error;
      }
    },

    async openRead(key) {
      const answer = await client.send(new GetObjectCommand(object(key)));
      if (!(answer.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      return answer.Body;
    },

    async move(from, to) {
      // S3 has no rename: a copy inside the bucket, then the original goes.
      try {
        await client.send(new CopyObjectCommand({ ...object(to), CopySource: `${settings.bucket}/${object(from).Key}` }));
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      await client.send(new DeleteObjectCommand(object(from)));
    },

    async remove(key) {
      await client.send(new DeleteObjectCommand(object(key)));
    },

    async probe() {
      // A HEAD of a missing key answers 403 without s3:ListBucket, which the key need not have: the
      // probe object is written once (and again if it goes) and read after that.
      try {
        await client.send(new HeadObjectCommand(object(PROBE_KEY)));
      } catch (error) {
        if (!(error instanceof S3ServiceException) || (error.$metadata.httpStatusCode ?? 500) >= 500) throw error;
        await client.send(new PutObjectCommand({ ...object(PROBE_KEY), Body: 'ok', ContentType: 'text/plain' }));
      }
    },

    async write(key, body, contentType) {
      await client.send(new PutObjectCommand({ ...object(key), Body: body, ContentType: contentType }));
    },
  };
}

/** The origin the browser uploads to, for the Content-Security-Policy's connect-src. */
export function s3UploadOrigin(settings: S3Settings): string {
  const endpoint = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  if (!settings.forcePathStyle) endpoint.hostname = `${settings.bucket}.${endpoint.hostname}`;
  return endpoint.origin;
}
