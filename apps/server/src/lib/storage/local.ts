import { randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { access, link, mkdir, open, readdir, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { signer } from '../signing';
import { contentMatches, MAGIC_BYTES_LENGTH } from './content-type';
import { STORAGE_KEY, type LocalStorage, type ReceiveRefusal, type UploadRequest } from './contract';

/** The local driver's upload address, answered by receipts.routes.ts. */
const LOCAL_UPLOAD_PATH = '/api/files/upload';

class TooLarge extends Error {}

/**
 * Receipts as files under `<DATA_DIR>/receipts` (decision 020). The browser uploads to our own
 * server at an address signed with an HMAC of the key, type, length and expiry; the body is
 * streamed to a temporary file with a byte limit and published under its key only when it is
 * complete and its magic bytes match the declared type.
 */
export function createLocalStorage(dataDir: string, secret: string): LocalStorage {
  const root = join(dataDir, 'receipts');
  const incoming = join(root, '.incoming');
  const uploads = signer(secret, 'receipt upload address');
  const signedText = (key: string, contentType: string, size: number, expires: number) => `${key}\n${contentType}\n${size}\n${expires}`;
  const pathOf = (key: string) => {
    if (!STORAGE_KEY.test(key)) throw new Error('invalid storage key');
    return join(root, key);
  };
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

  return {
    kind: 'local',

    createUploadTarget({ key, contentType, size, expiresAt }: UploadRequest) {
      pathOf(key);
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const query = new URLSearchParams({
        key,
        type: contentType,
        size: String(size),
        expires: String(expires),
        sig: uploads.sign(signedText(key, contentType, size, expires)),
      });
      return Promise.resolve({ url: `${LOCAL_UPLOAD_PATH}?${query.toString()}`, headers: { 'Content-Type': contentType } });
    },

    verifyUploadAddress(query, now) {
      const { key, type, size, expires, sig } = query;
      if (typeof key !== 'string' || typeof type !== 'string' || typeof sig !== 'string' || !STORAGE_KEY.test(key)) return null;
      if (typeof size !== 'number' || typeof expires !== 'number' || expires * 1000 < now.getTime()) return null;
      if (!uploads.verify(signedText(key, type, size, expires), sig)) return null;
      return { key, contentType: type, size };
    },

    async receive(key, contentType, size, body): Promise<ReceiveRefusal | null> {
      const target = pathOf(key);
      await mkdir(incoming, { recursive: true });
      const temporary = join(incoming, randomUUID());
      let received = 0;
      const start: Buffer[] = [];
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          received += chunk.length;
          if (received > size) return done(new TooLarge());
          if (received - chunk.length < MAGIC_BYTES_LENGTH) start.push(chunk);
          done(null, chunk);
        },
      });
      try {
        await pipeline(body, limit, createWriteStream(temporary, { flags: 'wx', mode: 0o600 }));
        if (received < size) return 'too-small';
        if (!(await contentMatches(Buffer.concat(start).subarray(0, MAGIC_BYTES_LENGTH), contentType))) return 'type-mismatch';
        await mkdir(dirname(target), { recursive: true });
        // link() fails if the key exists: one file per address, never overwritten.
        await link(temporary, target);
        return null;
      } catch (error) {
        if (error instanceof TooLarge) return 'too-large';
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return 'already-uploaded';
        throw error;
      } finally {
        await rm(temporary, { force: true });
      }
    },

    async removeInterrupted(before) {
      // A receive removes its temporary file however it ends; only a killed process leaves one.
      let names: string[];
      try {
        names = await readdir(incoming);
      } catch (error) {
        if (missing(error)) return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names) {
        const file = join(incoming, name);
        try {
          if ((await stat(file)).mtime >= before) continue;
          await unlink(file);
          removed += 1;
        } catch (error) {
          // Finished meanwhile, and removed by its receive.
          if (!missing(error)) throw error;
        }
      }
      return removed;
    },

    async stat(key) {
      try {
        const found = await stat(pathOf(key));
        return found.isFile() ? { size: found.size } : null;
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },

    async readStart(key, bytes) {
      const file = await open(pathOf(key), 'r');
      try {
        const buffer = Buffer.alloc(bytes);
        const { bytesRead } = await file.read(buffer, 0, bytes, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await file.close();
      }
    },

    async openRead(key): Promise<Readable> {
      // Opened here so that a missing file is an error of this call, not of the reply's stream.
      const file = await open(pathOf(key), 'r');
      return file.createReadStream();
    },

    async move(from, to) {
      const target = pathOf(to);
      await mkdir(dirname(target), { recursive: true });
      try {
        await rename(pathOf(from), target);
      } catch (error) {
        if (!missing(error)) throw error;
      }
    },

    async remove(key) {
      try {
        await unlink(pathOf(key));
      } catch (error) {
        if (!missing(error)) throw error;
      }
    },

    async probe() {
      await mkdir(root, { recursive: true });
      await access(root, constants.R_OK | constants.W_OK);
    },

    async write(key, body) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, body);
    },
  };
}
