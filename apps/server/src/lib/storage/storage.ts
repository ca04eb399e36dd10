import type { Config } from '../../config';
import type { ObjectStorage } from './contract';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';

export type { ObjectStorage, ReceiveRefusal } from './contract';
export { contentMatches, MAGIC_BYTES_LENGTH } from './content-type';
export { s3UploadOrigin } from './s3';

/** The receipt store the configuration names: local disk (the default) or an S3 bucket. */
export function createObjectStorage(config: Pick<Config, 'dataDir' | 'jwtSecret' | 's3'>) {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.dataDir, config.jwtSecret);
}

/** A stored object's bytes, whole: for small objects (a photo, a receipt), never for an upload in progress. */
export async function readObject(storage: Pick<ObjectStorage, 'openRead'>, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.openRead(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
