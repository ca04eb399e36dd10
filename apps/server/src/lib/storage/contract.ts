import type { Readable } from 'node:stream';

/** Where the browser sends a receipt's bytes, and the headers it must send with them. */
interface UploadTarget {
  url: string;
  headers: Record<string, string>;
}

export interface UploadRequest {
  key: string;
  contentType: string;
  size: number;
  expiresAt: Date;
}

/** What the expense feature needs of a store of receipt files; keys are chosen by the server. */
interface StorageOperations {
  /** An address valid until `expiresAt` that accepts exactly this type and length at this key. */
  createUploadTarget(request: UploadRequest): Promise<UploadTarget>;
  /** The object's size, or null when nothing is stored at the key. */
  stat(key: string): Promise<{ size: number } | null>;
  /** At most the first `bytes` bytes, for the magic-byte check. */
  readStart(key: string, bytes: number): Promise<Buffer>;
  openRead(key: string): Promise<Readable>;
  /** Moves the object to `to`, replacing what is there; nothing stored at `from` is not an error. */
  move(from: string, to: string): Promise<void>;
  /** Removes the object; nothing stored there is not an error. */
  remove(key: string): Promise<void>;
  /** Resolves when the store can be read and written now, rejects otherwise (the readiness check). */
  probe(): Promise<void>;
  /** Stores these bytes at the key, replacing what is there (a restore from backup). */
  write(key: string, body: Buffer, contentType: string): Promise<void>;
}

/** Why the local driver refused an upload's body. */
export type ReceiveRefusal = 'too-large' | 'too-small' | 'type-mismatch' | 'already-uploaded';

export interface LocalStorage extends StorageOperations {
  readonly kind: 'local';
  /** The signed fields of one of our upload addresses, if the signature is ours and has not expired. */
  verifyUploadAddress(query: Record<string, unknown>, now: Date): { key: string; contentType: string; size: number } | null;
  /** Streams the body to the key with a byte limit; kept only when complete and of the declared type. */
  receive(key: string, contentType: string, size: number, body: Readable): Promise<ReceiveRefusal | null>;
  /** Removes what interrupted uploads left (a process killed while receiving), last written before `before`; returns how many. */
  removeInterrupted(before: Date): Promise<number>;
}

export interface S3Storage extends StorageOperations {
  readonly kind: 's3';
}

export type ObjectStorage = LocalStorage | S3Storage;

/** Server-generated keys only: segments of letters, digits, '-' and '_', never '.' or an empty one. */
export const STORAGE_KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*$/;
