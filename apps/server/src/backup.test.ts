import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createBackup, restoreBackup } from './backup';
import type { Config } from './config';
import { openDatabase } from './db/client';
import { expenses, expenseUploads, users } from './db/schema';
import { createObjectStorage } from './lib/storage/storage';
import { signedInPatient, testSettings, useTestApp } from './test/harness';
import { heldMessageVisit, pngWithLocation, sendPhoto } from './test/photos';
import { adminQuery, databaseUrl } from './test/migrated-template';

const serverUrl = process.env.TEST_DATABASE_URL;

/** An empty database on the test Postgres server and a DATA_DIR of its own, for a restore to land in; the test PHI_KEY unless `env` names another. */
function emptyTarget(env: Record<string, string> = {}) {
  const name = `restore_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'telehealth-restore-'));
  const config: Config = { ...testSettings(dataDir, env), databaseUrl: databaseUrl(serverUrl!, name) };
  return {
    config,
    create: () => adminQuery(serverUrl!, `CREATE DATABASE "${name}"`),
    drop: async () => {
      await adminQuery(serverUrl!, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe.skipIf(!serverUrl)('backup and restore (TEST_DATABASE_URL only)', () => {
  const server = useTestApp();
  const folders: string[] = [];
  const targets: { drop: () => Promise<unknown> }[] = [];
  afterAll(async () => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    await Promise.all(targets.map((target) => target.drop()));
  });

  async function backupOfSource() {
    const patient = await signedInPatient(server.app, { customerPhone: '3145550142', zip: '63101' });
    // A read of the patient's record leaves audit rows to carry over.
    expect((await server.http.get('/api/users/me', patient.token)).status).toBe(200);
    const receipt = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(64)]);
    const expenseId = randomUUID();
    const uploadId = randomUUID();
    const key = `checked/${expenseId}/${uploadId}`;
    await server.app.ctx.storage.write(key, receipt, 'application/pdf');
    const now = new Date();
    await server.app.ctx.db.insert(expenseUploads).values({
      id: uploadId,
      expenseId,
      storageKey: key,
      fileName: 'receipt.pdf',
      contentType: 'application/pdf',
      size: receipt.length,
      createdByUserId: String(patient.user.id),
      expiresAt: now,
      attachedAt: now,
    });
    await server.app.ctx.db.insert(expenses).values({
      id: expenseId,
      originalCurrency: 'USD',
      originalAmountMinor: 1250,
      amountUsdCents: 1250,
      amountInrPaise: 104_000,
      inrPerUsdE4: 832_000,
      spentAt: now,
      createdBy: 'chief@careconnect.example',
      fileUploadId: uploadId,
    });
    const held = await heldMessageVisit(server.app);
    const photoBytes = pngWithLocation().image;
    const sent = await sendPhoto(server.app, `/api/visits/${held.visit.id}/photos`, photoBytes, 'image/png', held.patient.token);
    expect(sent.statusCode).toBe(201);
    const photo = {
      url: `/api/visits/${held.visit.id}/photos/${sent.json<{ photo: { id: string } }>().photo.id}`,
      token: held.patient.token,
      bytes: photoBytes,
    };
    const folder = mkdtempSync(join(tmpdir(), 'telehealth-backup-'));
    folders.push(folder);
    rmSync(folder, { recursive: true });
    const manifest = await createBackup(server.app.ctx.config, folder);
    return { folder, manifest, patient, key, receipt, photo };
  }

  it('a round trip onto an empty database gives the same rows, receipts, photos, readable health data and audit chain', async () => {
    const { folder, manifest, patient, key, receipt, photo } = await backupOfSource();
    expect(manifest.files.map((file) => file.key)).toContain(key);
    expect(manifest.files.filter((file) => file.key.startsWith('visit-photos/'))).not.toHaveLength(0);
    const target = emptyTarget();
    targets.push(target);
    await target.create();

    const report = await restoreBackup(target.config, folder);
    expect(report.tables).toEqual(manifest.tables);
    expect(report.auditChain).toMatch(/^audit chain intact \(\d+ rows, anchored up to row \d+\)/);
    const restored = await openDatabase(target.config);
    try {
      const [user] = await restored.db
        .select()
        .from(users)
        .where(eq(users.id, String(patient.user.id)));
      expect(user?.customerPhone).toBe('3145550142');
      expect(user?.zip).toBe('63101');
    } finally {
      await restored.close();
    }
    const chunks: Buffer[] = [];
    for await (const chunk of await createObjectStorage(target.config).openRead(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(receipt)).toBe(true);
    expect(readFileSync(join(folder, 'manifest.json'), 'utf8')).not.toContain('3145550142');
    // The photo is restored sealed, and opens for its patient on a server of the restored database
    // (which shares the instances' JWT_SECRET, so the patient's session holds).
    const restoredApp = await buildApp({ ...target.config, jwtSecret: server.app.ctx.config.jwtSecret }, { webDist: null });
    try {
      const download = await restoredApp.inject({ method: 'GET', url: photo.url, headers: { authorization: `Bearer ${photo.token}` } });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(photo.bytes)).toBe(true);
    } finally {
      await restoredApp.close();
    }
  });

  it('refuses to restore with another PHI_KEY or AUDIT_KEY, or onto a database that is not empty, restoring nothing', async () => {
    const { folder } = await backupOfSource();
    const wrongKey = emptyTarget({ PHI_KEY: randomBytes(32).toString('base64') });
    targets.push(wrongKey);
    await wrongKey.create();
    await expect(restoreBackup(wrongKey.config, folder)).rejects.toThrow(
      /sealed with key id .* restore with the key the backup was made with/,
    );
    expect(await tablesIn(wrongKey.config.databaseUrl!)).toBe(0);

    const wrongAuditKey = emptyTarget({ AUDIT_KEY: randomBytes(32).toString('base64') });
    targets.push(wrongAuditKey);
    await wrongAuditKey.create();
    await expect(restoreBackup(wrongAuditKey.config, folder)).rejects.toThrow(/AUDIT_KEY is not the key/);
    expect(await tablesIn(wrongAuditKey.config.databaseUrl!)).toBe(0);

    await expect(restoreBackup(server.app.ctx.config, folder)).rejects.toThrow(/already holds tables/);
  });
});
