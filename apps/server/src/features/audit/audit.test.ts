import { createHash, randomBytes } from 'node:crypto';
import { desc, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { usePhiKeyring } from '../../db/phi-column';
import { sealPhiColumns } from '../../db/phi-seal';
import { auditLog } from '../../db/schema';
import { createPhiKeyring } from '../../lib/phi-cipher';
import { eventually, patientThroughSignUp, signedInPatient, testPhiKey, useTestApp } from '../../test/harness';
import { findAuditChainBreak, recordAudit, recordAudits } from './service';

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

  it('#28 details are sealed and chained: re-sealing them under a new key (phi:rotate) keeps the chain', async () => {
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
    const [raw] = await queryRows<{ details: string }>(
      db,
      sql`SELECT details FROM audit_log WHERE details IS NOT NULL ORDER BY id DESC LIMIT 1`,
    );
    expect(raw!.details).toMatch(/^v1:/);
    expect(raw!.details).not.toContain('Refund');
    const oldKey = Buffer.from(testPhiKey, 'base64');
    const newKey = randomBytes(32);
    const rotated = createPhiKeyring(newKey, [oldKey]);
    usePhiKeyring(rotated);
    try {
      expect(await sealPhiColumns(db, rotated, 'rotate')).toBeGreaterThan(0);
      const [resealed] = await queryRows<{ details: string }>(
        db,
        sql`SELECT details FROM audit_log WHERE details IS NOT NULL ORDER BY id DESC LIMIT 1`,
      );
      expect(resealed!.details.startsWith(`v1:${rotated.currentKeyId}:`)).toBe(true);
      expect(await findAuditChainBreak(db)).toBeNull();
      const [latest] = await db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(isNotNull(auditLog.details))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(latest!.details).toEqual(details);
    } finally {
      // The rest of the file reads rows now sealed under the new key.
      usePhiKeyring(createPhiKeyring(oldKey, [newKey]));
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

  it('#28 hashes each row, in the database, as the SHA-256 of the JSON array of the previous hash and its fields', async () => {
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
    // The definition every row written so far was checked against (decision 017), restated here.
    const expected = createHash('sha256')
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
