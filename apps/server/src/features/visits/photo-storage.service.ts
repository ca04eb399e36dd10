import type { Executor } from '../../db/client';
import { sealedKeyId, type PhiKeyring } from '../../lib/phi-cipher';
import { readObject, type ObjectStorage } from '../../lib/storage/storage';
import { photoMessages } from './repository';

/**
 * A photo of a visit's thread is kept in the object storage as its bytes in base64, sealed under the
 * PHI key like the health data in the database (decision 057).
 */
const photoKey = (visitId: string, photoId: string) => `visit-photos/${visitId}/${photoId}`;
const SEALED_TYPE = 'application/octet-stream';

type PhotoStorage = Pick<ObjectStorage, 'openRead' | 'write'>;

export async function writePhoto(storage: PhotoStorage, keyring: PhiKeyring, visitId: string, photoId: string, bytes: Buffer) {
  await storage.write(photoKey(visitId, photoId), Buffer.from(keyring.seal(bytes.toString('base64'))), SEALED_TYPE);
}

export async function readPhotoBytes(storage: PhotoStorage, keyring: PhiKeyring, visitId: string, photoId: string): Promise<Buffer> {
  return Buffer.from(keyring.open((await readObject(storage, photoKey(visitId, photoId))).toString()), 'base64');
}

export async function removePhoto(storage: Pick<ObjectStorage, 'remove'>, visitId: string, photoId: string) {
  await storage.remove(photoKey(visitId, photoId));
}

/** The storage key of every photo sent in a thread: what a backup copies beside the database. */
export async function storedPhotoKeys(db: Executor): Promise<string[]> {
  return (await photoMessages(db)).map(({ visitId, photoId }) => photoKey(visitId, photoId));
}

/** The id of the key a stored photo is sealed under, or null for bytes that are not a sealed photo. */
export const photoKeyId = (stored: Buffer) => sealedKeyId(stored.toString());

/**
 * Re-seals under the current PHI key every photo sealed under an older one, as the key rotation does
 * for the database's health data; answers how many it re-sealed. Safe to run twice, or beside running servers.
 */
export async function resealPhotos(db: Executor, storage: PhotoStorage, keyring: PhiKeyring): Promise<number> {
  let resealed = 0;
  for (const key of await storedPhotoKeys(db)) {
    const sealed = (await readObject(storage, key)).toString();
    if (sealedKeyId(sealed) === keyring.currentKeyId) continue;
    await storage.write(key, Buffer.from(keyring.seal(keyring.open(sealed))), SEALED_TYPE);
    resealed += 1;
  }
  return resealed;
}
