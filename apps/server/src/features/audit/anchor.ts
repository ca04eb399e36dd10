import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** The chain's head as last written outside the database: its last row's id and hash. */
export interface AuditAnchor {
  lastId: number;
  hash: string;
  at: string;
}

/** Where the chain's head is kept out of the database roles' reach. */
export interface AuditAnchorStore {
  read(): Promise<AuditAnchor | null>;
  write(anchor: AuditAnchor): Promise<void>;
}

/** The anchor as a file in DATA_DIR, replaced whole (written beside it, then renamed over it). */
export function fileAnchorStore(dataDir: string): AuditAnchorStore {
  const file = join(dataDir, 'audit-anchor.json');
  return {
    async read() {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      const { lastId, hash, at } = JSON.parse(text) as AuditAnchor;
      if (!Number.isSafeInteger(lastId) || typeof hash !== 'string' || typeof at !== 'string')
        throw new Error(`${file} is not an audit anchor`);
      return { lastId, hash, at };
    },
    async write(anchor) {
      await mkdir(dirname(file), { recursive: true });
      const next = `${file}.next`;
      await writeFile(next, `${JSON.stringify(anchor)}\n`, { mode: 0o600 });
      await rename(next, file);
    },
  };
}
