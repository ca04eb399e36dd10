import { createHash, createHmac, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { desc, isNotNull, sql, type SQL } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { chainReport } from '../../audit-verify';
import { openDatabase, PGLITE_IN_MEMORY, queryRows } from '../../db/client';
import { usePhiKeyring } from '../../db/phi-column';
import { sealPhiColumns } from '../../db/phi-seal';
import { auditLog } from '../../db/schema';
import { createPhiKeyring } from '../../lib/phi-cipher';
import { api, createTestApp, eventually, patientThroughSignUp, signedInPatient, testPhiKey, useTestApp } from '../../test/harness';
import { fileAnchorStore } from './anchor';
import { anchorAuditChain, checkAuditChain, findAuditChainBreak, recordAudit, recordAudits, verifyAuditTrail } from './service';

describe('#28 the audit trail', () => {
  const server = useTestApp();
  const rows = () => server.app.ctx.db.select().from(auditLog).orderBy(auditLog.id);
  // The trail is written after the answer: wait for the writes under way to land.
  const settled = (count: number) =>
    eventually(`${count} audit rows`, async () => {
      const all = await rows();
      return all.length >= count ? all : undefined;
    });

  it('#28 records who read and changed patient data, by route pattern, never by URL', async () => {
    const { user, token } = await patientThroughSignUp(server.app);
    await server.http.get('/api/users/me', token);
    await server.http.get('/api/plans');
    await server.http.get('/api/users/verify-email?token=secret-looking-token-value');
    const all = await eventually('the verification check in the trail', async () => {
      const found = await rows();
      return found.some((r) => r.action === 'GET /api/users/verify-email') ? found : undefined;
    });
    const summary = all.map((r) => [r.action, r.actorRole, r.actorUserId, r.subjectUserId, r.status]);
    expect(summary).toContainEqual(['POST /api/users/register', 'anonymous', null, null, 201]);
    expect(summary).toContainEqual(['GET /api/users/me', 'patient', user.id, user.id, 200]);
    expect(summary).toContainEqual(['GET /api/users/verify-email', 'anonymous', null, null, 200]);
    expect(summary.some(([action]) => action === 'GET /api/plans')).toBe(false);
    expect(JSON.stringify(all)).not.toContain('secret-looking-token-value');
  });

  it('#28 refuses UPDATE, DELETE and TRUNCATE on the trail', async () => {
    const { token } = await signedInPatient(server.app);
    await server.http.get('/api/users/me', token);
    await settled(1);
    for (const statement of ['UPDATE audit_log SET status = 200', 'DELETE FROM audit_log', 'TRUNCATE audit_log']) {
      await expect(server.app.ctx.db.execute(sql.raw(statement))).rejects.toThrow();
    }
  });

  it('#28 details are sealed under the key current when written; phi:rotate leaves the trail as written, and it still opens and verifies', async () => {
    const db = server.app.ctx.db;
    const details = { reason: 'Refund agreed by phone', changes: [{ field: 'subscriptionAmount', before: 29.99, after: null }] };
    await recordAudit(db, {
      at: new Date(),
      actorUserId: null,
      actorRole: 'admin',
      action: 'PUT /api/admin/users/:id',
      subjectUserId: null,
      ip: '10.0.0.1',
      status: 200,
      details,
    });
    const newestDetails = sql`SELECT details FROM audit_log WHERE details IS NOT NULL ORDER BY id DESC LIMIT 1`;
    const [raw] = await queryRows<{ details: string }>(db, newestDetails);
    expect(raw!.details).toMatch(/^v1:/);
    expect(raw!.details).not.toContain('Refund');
    const oldKey = Buffer.from(testPhiKey, 'base64');
    const rotated = createPhiKeyring(randomBytes(32), [oldKey]);
    usePhiKeyring(rotated);
    try {
      await sealPhiColumns(db, rotated, 'rotate');
      const [after] = await queryRows<{ details: string }>(db, newestDetails);
      expect(after!.details).toBe(raw!.details);
      expect(await findAuditChainBreak(db)).toBeNull();
      const [latest] = await db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(isNotNull(auditLog.details))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(latest!.details).toEqual(details);
    } finally {
      usePhiKeyring(createPhiKeyring(oldKey));
    }
  });

  it('#28 records each of many requests answered at once, in one unbroken chain', async () => {
    const { user, token } = await signedInPatient(server.app);
    const answers = await Promise.all(Array.from({ length: 40 }, () => server.http.get('/api/users/me', token)));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 40 }, () => 200));
    // Counted by what they are: the sign-up's own rows may still be landing beside them.
    const readsOf = (all: Awaited<ReturnType<typeof rows>>) =>
      all.filter((r) => r.action === 'GET /api/users/me' && r.subjectUserId === user.id);
    await eventually('40 reads in the trail', async () => (readsOf(await rows()).length >= 40 ? true : undefined));
    expect(readsOf(await rows())).toHaveLength(40);
    expect(await findAuditChainBreak(server.app.ctx.db)).toBeNull();
  });

  it('#28 hashes each row as the HMAC-SHA-256, under AUDIT_KEY, of the JSON array of the previous hash and its fields', async () => {
    const db = server.app.ctx.db;
    const details = { reason: 'Café "quoted" \\ back\nslash 🚑 <b>', changes: [{ field: 'firstName', before: 'Zoë', after: null }] };
    const at = new Date('2026-11-26T12:34:56.789Z');
    await recordAudit(db, {
      at,
      actorUserId: null,
      actorRole: 'admin',
      action: 'PUT /api/admin/users/:id',
      subjectUserId: null,
      ip: '203.0.113.9',
      status: 200,
      details,
    });
    const [row] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    // The definition every keyed row is checked against (decision 048), restated here.
    const expected = createHmac('sha256', server.app.ctx.config.auditKey)
      .update(
        JSON.stringify([row!.prevHash, at.toISOString(), null, 'admin', 'PUT /api/admin/users/:id', null, '203.0.113.9', 200, details]),
      )
      .digest('hex');
    expect(row!.hash).toBe(expected);
  });

  it('#28 appends running at once, on several connections, make one unbroken chain', async () => {
    const db = server.app.ctx.db;
    const entry = (i: number) => ({
      at: new Date(),
      actorUserId: null,
      actorRole: 'anonymous',
      action: `GET /api/test/${i}`,
      subjectUserId: null,
      ip: null,
      status: 200,
      details: null,
    });
    await Promise.all(Array.from({ length: 30 }, (_, i) => recordAudits(db, [entry(2 * i), entry(2 * i + 1)])));
    // Counted by what they are: an earlier test's rows may still be landing beside them.
    expect((await rows()).filter((r) => r.action.startsWith('GET /api/test/'))).toHaveLength(60);
    expect(await findAuditChainBreak(db)).toBeNull();
  });

  it('#28 chains every row to the one before, so an edit made around the triggers shows', async () => {
    const { token } = await signedInPatient(server.app);
    await server.http.get('/api/users/me', token);
    await server.http.get('/api/users/me/payments', token);
    const all = await settled(4);
    expect(await findAuditChainBreak(server.app.ctx.db)).toBeNull();
    const victim = all[1]!;
    await server.app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`);
      await tx.execute(sql`UPDATE audit_log SET status = 299 WHERE id = ${victim.id}`);
      await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`);
    });
    expect(await findAuditChainBreak(server.app.ctx.db)).toBe(victim.id);
  });
});

describe('#28 tampering with the trail shows in audit:verify', () => {
  let app: App;
  beforeEach(async () => {
    app = await createTestApp();
  });
  afterEach(() => app.close());

  const anchors = () => fileAnchorStore(app.ctx.config.dataDir);
  const verify = async () => chainReport(await verifyAuditTrail({ db: app.ctx.db, anchors: anchors() }));
  const entry = (i: number) => ({
    at: new Date(),
    actorUserId: null,
    actorRole: 'admin',
    action: `GET /api/test/${i}`,
    subjectUserId: null,
    ip: null,
    status: 200,
    details: { count: i },
  });
  /** Six rows in the trail, anchored outside the database; answers them oldest first. */
  async function anchoredTrail() {
    await recordAudits(app.ctx.db, [1, 2, 3, 4, 5, 6].map(entry));
    const anchor = await anchorAuditChain({ db: app.ctx.db, anchors: anchors() });
    const rows = await app.ctx.db.select().from(auditLog).orderBy(auditLog.id);
    expect(anchor).toMatchObject({ lastId: rows.at(-1)!.id, hash: rows.at(-1)!.hash });
    expect(await verify()).toBe(`audit chain intact (${rows.length} rows, anchored up to row ${rows.at(-1)!.id})`);
    return rows;
  }
  /** Runs statements as the table's owner would, around its append-only trigger. */
  const aroundTheTrigger = (statements: SQL[]) =>
    app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`);
      for (const statement of statements) await tx.execute(statement);
      await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`);
    });

  it('#28 reports an edited row', async () => {
    const rows = await anchoredTrail();
    await aroundTheTrigger([sql`UPDATE audit_log SET status = 500 WHERE id = ${rows[2]!.id}`]);
    expect(await verify()).toBe(`audit chain broken at row ${rows[2]!.id}: it or the row before it was changed`);
  });

  it('#28 reports an edited row whose chain was re-hashed after it, with the published formula or any key but AUDIT_KEY', async () => {
    const rows = await anchoredTrail();
    const victim = rows[2]!.id;
    const rehashes = {
      'plain SHA-256': (text: string) => createHash('sha256').update(text).digest('hex'),
      'another key': (text: string) => createHmac('sha256', randomBytes(32)).update(text).digest('hex'),
    };
    for (const [how, hash] of Object.entries(rehashes)) {
      // The rows from the victim on, re-linked with their new hashes; the head too, so only the key can tell.
      const statements: SQL[] = [];
      let prev = rows[1]!.hash;
      for (const row of rows.slice(2)) {
        const status = row.id === victim ? 299 : row.status;
        const tail = JSON.stringify([row.at.toISOString(), null, 'admin', row.action, null, null, status, row.details]).slice(1);
        const next = hash(`["${prev}",${tail}`);
        statements.push(sql`UPDATE audit_log SET status = ${status}, prev_hash = ${prev}, hash = ${next} WHERE id = ${row.id}`);
        prev = next;
      }
      await aroundTheTrigger(statements);
      expect(await verify(), how).toBe(`audit chain broken at row ${victim}: it or the row before it was changed`);
    }
  });

  it('#28 reports rows deleted from the end, and never anchors the shortened chain', async () => {
    const rows = await anchoredTrail();
    const kept = rows.slice(0, -2);
    await app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change`);
      await tx.execute(sql`DELETE FROM audit_log WHERE id > ${kept.at(-1)!.id}`);
      await tx.execute(sql`ALTER TABLE audit_log ENABLE TRIGGER audit_log_no_change`);
    });
    // The chain alone still holds: only the anchor outside the database tells.
    expect(await checkAuditChain(app.ctx.db)).toMatchObject({ intact: true, rows: kept.length });
    const anchoredId = rows.at(-1)!.id;
    const report = `audit chain broken at row ${anchoredId}: the row anchored outside the database is missing or changed (rows were deleted or rewritten)`;
    expect(await verify()).toBe(report);
    // New rows after the cut do not hide it, and are not anchored.
    await recordAudits(app.ctx.db, [entry(7)]);
    await expect(anchorAuditChain({ db: app.ctx.db, anchors: anchors() })).rejects.toThrow(`anchored row ${anchoredId}`);
    expect(await verify()).toBe(report);
  });
});

describe('#28 the anchor outside the database', () => {
  it('#28 is written by the running server into DATA_DIR once the trail has rows, and audit:verify checks it', async () => {
    const app = await createTestApp({}, { startWorkers: true });
    try {
      expect((await api(app).get('/api/users/me')).status).toBe(401);
      const anchors = fileAnchorStore(app.ctx.config.dataDir);
      const anchor = await eventually('the anchor in DATA_DIR', async () => (await anchors.read()) ?? undefined);
      const [head] = await app.ctx.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
      expect(anchor).toMatchObject({ lastId: head!.id, hash: head!.hash });
      expect(statSync(join(app.ctx.config.dataDir, 'audit-anchor.json')).mode & 0o777).toBe(0o600);
      expect(await verifyAuditTrail({ db: app.ctx.db, anchors })).toMatchObject({ intact: true, anchoredRowId: head!.id });
    } finally {
      await app.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('#28 the server as a role that does not own the trail (Postgres)', () => {
  const server = useTestApp({}, { serverRole: true });

  it('#28 appends through audit_append, and cannot UPDATE, DELETE, ALTER, DISABLE TRIGGER on or INSERT into audit_log', async () => {
    const { token } = await patientThroughSignUp(server.app);
    expect((await server.http.get('/api/users/me', token)).status).toBe(200);
    const db = server.app.ctx.db;
    const [{ role } = { role: '' }] = await queryRows<{ role: string }>(db, sql`SELECT current_user AS role`);
    expect(role).toBe('telehealth_test_server');
    await eventually('the read in the trail', async () =>
      (await db.select().from(auditLog)).some((r) => r.action === 'GET /api/users/me') ? true : undefined,
    );
    for (const statement of [
      'UPDATE audit_log SET status = 200',
      'DELETE FROM audit_log',
      'TRUNCATE audit_log',
      'ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_change',
      'ALTER TABLE audit_log DISABLE TRIGGER ALL',
      'DROP TRIGGER audit_log_no_change ON audit_log',
      "INSERT INTO audit_log (at, actor_role, action, status, prev_hash, hash) VALUES (now(), 'admin', 'forged', 200, 'x', 'y')",
      'CREATE OR REPLACE FUNCTION audit_unkeyed_until() RETURNS bigint LANGUAGE sql IMMUTABLE AS $$ SELECT 1000000::bigint $$',
    ]) {
      // 42501: insufficient privilege (permission denied, must be owner).
      const outcome = await db.execute(sql.raw(statement)).then(
        () => 'ran',
        (error: { cause?: { code?: string } }) => error.cause?.code,
      );
      expect(outcome, statement).toBe('42501');
    }
    expect(await findAuditChainBreak(db)).toBeNull();
  });

  it('#28 refuses to start when the migrations and the server would run as one role', async () => {
    const ownerUrl = server.app.ctx.config.migrationDatabaseUrl!;
    await expect(openDatabase({ databaseUrl: ownerUrl, migrationDatabaseUrl: ownerUrl, pgliteDir: PGLITE_IN_MEMORY })).rejects.toThrow(
      /^Invalid configuration: MIGRATION_DATABASE_URL: must name another role than DATABASE_URL/,
    );
  });
});
