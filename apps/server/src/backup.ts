import { execFile } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { z } from 'zod';
import { chainReport, verifyAuditChain } from './audit-verify';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, queryRows, type Executor } from './db/client';
import { usePhiKeyring } from './db/phi-column';
import { assertPhiKeysKnown, sealedKeyIds } from './db/phi-seal';
import { auditLog, expenses, expenseUploads } from './db/schema';
import { fileAnchorStore } from './features/audit';
import { photoKeyId, storedPhotoKeys } from './features/visits';
import { createPhiKeyring } from './lib/phi-cipher';
import { createObjectStorage, readObject } from './lib/storage/storage';
import { STORAGE_KEY } from './lib/storage/contract';

const run = promisify(execFile);

/**
 * A backup is a folder: the database dump, the stored files the database refers to by storage key
 * (the expenses' receipts, and the visits' photos, sealed), and this manifest.
 */
const DUMP_FILE = 'database.dump';
const MANIFEST_FILE = 'manifest.json';
const FILES_DIR = 'files';
const BACKUP_FORMAT = 2;

const storedFileSchema = z.object({
  key: z.string().regex(STORAGE_KEY),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
});
const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.string(),
  /** The keys the health data (in the database and in the photos) is sealed under: a restore needs every one of them. */
  phiKeyIds: z.array(z.string()),
  /** Tells whether a restore has the AUDIT_KEY the chain is keyed with, without holding it. */
  auditKeyCheck: z.string(),
  /** The audit chain's last row in the dump, anchored again on restore so that a shortened chain shows. */
  auditHead: z.object({ lastId: z.number().int(), hash: z.string() }).nullable(),
  /** Rows per table when the dump was taken, to check the restore against. */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  files: z.array(storedFileSchema),
});
type BackupManifest = z.infer<typeof manifestSchema>;
/** The first format kept only the receipts, in a folder of that name. */
const firstFormatSchema = manifestSchema
  .omit({ format: true, files: true })
  .extend({ format: z.literal(1), receipts: z.array(storedFileSchema) });

/** Why a backup or a restore did not start; nothing was written. */
export class BackupRefusal extends Error {}

export interface RestoreReport {
  tables: Record<string, number>;
  files: number;
  auditChain: string;
}

/** The database's owner role runs the dump and the restore (MIGRATION_DATABASE_URL, else DATABASE_URL). */
function ownerUrl(config: Pick<Config, 'databaseUrl' | 'migrationDatabaseUrl'>): string {
  const url = config.migrationDatabaseUrl ?? config.databaseUrl;
  if (url) return url;
  throw new BackupRefusal(
    'Backups work on Postgres (DATABASE_URL). Back up the embedded database by stopping the server and copying DATA_DIR.',
  );
}

const auditKeyCheck = (config: Pick<Config, 'auditKey'>) => createHmac('sha256', config.auditKey).update('backup key check').digest('hex');

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function tableCounts(db: Executor): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: number }>(db, sql`SELECT count(*)::int AS rows FROM ${sql.identifier(name)}`);
    counts[name] = row!.rows;
  }
  return counts;
}

/**
 * Writes a backup of the database, the attached receipts and the visits' photos into `dir` (new or
 * empty). The dump, the counts, the key ids and the file list all come from one snapshot of the database, so a backup
 * taken while the servers run is consistent.
 */
export async function createBackup(config: Config, dir: string): Promise<BackupManifest> {
  const url = ownerUrl(config);
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new BackupRefusal(`${dir} is not empty: back up into a new folder.`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
    const dump = run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${rows[0]!.snapshot}`,
      `--file=${join(dir, DUMP_FILE)}`,
      `--dbname=${url}`,
    ]);
    const db = drizzle(client) as unknown as Executor;
    const tables = await tableCounts(db);
    const phiKeyIds = await sealedKeyIds(db);
    const [auditHead] = await queryRows<{ lastId: number; hash: string }>(
      db,
      sql`SELECT ${auditLog.id}::int AS "lastId", ${auditLog.hash} AS hash FROM ${auditLog} ORDER BY ${auditLog.id} DESC LIMIT 1`,
    );
    const receipts = await queryRows<{ key: string; contentType: string }>(
      db,
      sql`SELECT ${expenseUploads.storageKey} AS key, ${expenseUploads.contentType} AS "contentType" FROM ${expenseUploads}
          JOIN ${expenses} ON ${and(eq(expenses.fileUploadId, expenseUploads.id), isNotNull(expenseUploads.attachedAt))} ORDER BY 1`,
    );
    const photoKeys = await storedPhotoKeys(db);
    await dump;
    await client.query('COMMIT');

    const storage = createObjectStorage(config);
    const files: BackupManifest['files'] = [];
    const keyIds = new Set(phiKeyIds);
    const copy = async (key: string, contentType: string) => {
      const bytes = await readObject(storage, key);
      const file = join(dir, FILES_DIR, key);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, bytes);
      files.push({ key, contentType, size: bytes.length, sha256: sha256(bytes) });
      return bytes;
    };
    for (const { key, contentType } of receipts) await copy(key, contentType);
    for (const key of photoKeys) {
      const keyId = photoKeyId(await copy(key, 'application/octet-stream'));
      if (keyId) keyIds.add(keyId);
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      phiKeyIds: [...keyIds].sort(),
      auditKeyCheck: auditKeyCheck(config),
      auditHead: auditHead ?? null,
      tables,
      files,
    };
    await writeFile(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await client.end();
  }
}

/** The backup's manifest, in this version's format, and the folder its files are in. */
async function readManifest(dir: string): Promise<{ manifest: BackupManifest; filesDir: string }> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupRefusal(`${dir} holds no ${MANIFEST_FILE}: it is not a backup.`);
  }
  const json: unknown = JSON.parse(text);
  const parsed = manifestSchema.safeParse(json);
  if (parsed.success) return { manifest: parsed.data, filesDir: join(dir, FILES_DIR) };
  const first = firstFormatSchema.safeParse(json);
  if (!first.success) throw new BackupRefusal(`${join(dir, MANIFEST_FILE)} is not a manifest this version reads.`);
  const { receipts, ...rest } = first.data;
  return { manifest: { ...rest, format: BACKUP_FORMAT, files: receipts }, filesDir: join(dir, 'receipts') };
}

/**
 * Restores a backup into an empty database and the configured storage, then checks it: the same rows
 * per table, every health value readable, the audit chain intact up to the backup's last row (anchored
 * again in this DATA_DIR). Refuses, restoring nothing, when the configured keys cannot open the
 * backup's health data or verify its audit chain, or the database is not empty.
 */
export async function restoreBackup(config: Config, dir: string): Promise<RestoreReport> {
  const url = ownerUrl(config);
  const { manifest, filesDir } = await readManifest(dir);
  const keyring = createPhiKeyring(config.phiKeys.current, config.phiKeys.older);
  const unknownKeys = manifest.phiKeyIds.filter((id) => !keyring.keyIds.includes(id));
  if (unknownKeys.length > 0) {
    throw new BackupRefusal(
      `The backup's health data is sealed with key id ${unknownKeys.join(', ')}, which is neither PHI_KEY (key id ${keyring.currentKeyId}) nor in PHI_OLD_KEYS: restore with the key the backup was made with. Nothing was restored.`,
    );
  }
  if (manifest.auditKeyCheck !== auditKeyCheck(config)) {
    throw new BackupRefusal(
      "AUDIT_KEY is not the key the backup's audit chain is keyed with: restore with that key. Nothing was restored.",
    );
  }
  const files = await Promise.all(
    manifest.files.map(async (stored) => {
      const bytes = await readFile(join(filesDir, stored.key));
      if (sha256(bytes) !== stored.sha256)
        throw new BackupRefusal(`The file ${stored.key} in the backup is damaged. Nothing was restored.`);
      return { ...stored, bytes };
    }),
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      `SELECT count(*)::int AS tables FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    if (rows[0]!.tables > 0)
      throw new BackupRefusal('The database already holds tables: restore into an empty database. Nothing was restored.');
  } finally {
    await client.end();
  }

  await run('pg_restore', [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${url}`,
    join(dir, DUMP_FILE),
  ]);
  const storage = createObjectStorage(config);
  for (const stored of files) await storage.write(stored.key, stored.bytes, stored.contentType);

  const handle = await openDatabase(config);
  let tables: Record<string, number>;
  try {
    usePhiKeyring(keyring);
    await assertPhiKeysKnown(handle.db, keyring);
    tables = await tableCounts(handle.db);
  } finally {
    await handle.close();
  }
  const differing = Object.keys(manifest.tables).filter((name) => tables[name] !== manifest.tables[name]);
  if (differing.length > 0) throw new Error(`The restored database differs from the backup in: ${differing.join(', ')}.`);
  if (manifest.auditHead) await fileAnchorStore(config.dataDir).write({ ...manifest.auditHead, at: manifest.createdAt });
  const chain = await verifyAuditChain(config);
  if (!chain.intact) throw new Error(`The restored ${chainReport(chain)}.`);
  return { tables, files: files.length, auditChain: chainReport(chain) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [action, dir] = process.argv.slice(2);
  const usage = 'Usage: npm run backup -- <new folder>   |   npm run restore -- <backup folder>';
  const work =
    action === 'create' && dir
      ? createBackup(loadConfig(), dir).then(
          (manifest) => `Backed up ${Object.keys(manifest.tables).length} tables and ${manifest.files.length} stored files into ${dir}.`,
        )
      : action === 'restore' && dir
        ? restoreBackup(loadConfig(), dir).then(
            (report) => `Restored ${Object.keys(report.tables).length} tables and ${report.files} stored files; ${report.auditChain}.`,
          )
        : Promise.reject(new BackupRefusal(usage));
  work
    .then((line) => process.stdout.write(`${line}\n`))
    .catch((error: unknown) => {
      console.error(error instanceof ConfigError || error instanceof BackupRefusal ? error.message : error);
      process.exit(1);
    });
}
