import { messages, type AuditLogRow } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { adminEnv, signedInAdmin, signedInPatient, useTestApp } from '../../test/harness';
import { anchorAuditChain } from '../audit/service';

const server = useTestApp(adminEnv);

const page = (query: string, token: string) => server.http.get(`/api/admin/audit-log${query}`, token);

describe('the audit log of the console', () => {
  it('is for admins only', async () => {
    const patient = await signedInPatient(server.app);
    for (const path of ['', '/actions', '/chain', '/1/details']) {
      expect((await server.http.get(`/api/admin/audit-log${path}`, patient.token)).status).toBe(403);
    }
  });

  it('shows the trail newest first in words, filtered by actor, subject and action, a page after another', async () => {
    const { token } = await signedInAdmin(server.app);
    const patient = await signedInPatient(server.app);
    const patientId = patient.user.id as string;
    for (let i = 0; i < 3; i++) await server.http.get('/api/users/me', patient.token);
    const rows = async (query: string) => {
      const res = await page(query, token);
      expect(res.status).toBe(200);
      return res.body as { rows: AuditLogRow[]; next: string | null };
    };
    // The trail is written after each answer; wait for the reads to land.
    await expect
      .poll(async () => (await rows(`?actor=${encodeURIComponent(patient.body.email)}`)).rows.length, { timeout: 5000 })
      .toBeGreaterThanOrEqual(3);
    const byActor = await rows(`?actor=${patientId}&action=${encodeURIComponent('GET /api/users/me')}`);
    expect(byActor.rows).toHaveLength(3);
    expect(byActor.rows[0]).toMatchObject({
      actorEmail: patient.body.email,
      actorRole: 'patient',
      status: 200,
      description: expect.any(String),
    });
    expect(byActor.rows[0]!.description).not.toContain('/api/');
    expect(byActor.rows.map((row) => row.id)).toEqual([...byActor.rows.map((row) => row.id)].sort((a, b) => b - a));

    const bySubject = await rows(`?subject=${encodeURIComponent(patient.body.email)}`);
    expect(bySubject.rows.every((row) => row.subjectUserId === patientId)).toBe(true);

    // Keyset pages: each after the previous one's last row, none repeated.
    const ids: number[] = [];
    let after: string | null = '';
    for (let pages = 0; pages < 3 && after !== null; pages++) {
      const next = await rows(`?after=${encodeURIComponent(after)}`);
      ids.push(...next.rows.map((row) => row.id));
      after = next.next;
    }
    expect(new Set(ids).size).toBe(ids.length);

    const none = await rows('?actor=nobody%40example.com');
    expect(none).toEqual({ rows: [], next: null });
    const bad = await page('?actor=not-a-person', token);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(messages.auditPersonInvalid);
    const reversed = await page('?from=2026-12-02&to=2026-12-01', token);
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe(messages.auditDateRangeInvalid);
  });

  it('filters by the days of the business calendar', async () => {
    const { token } = await signedInAdmin(server.app);
    const none = await page('?from=2001-01-01&to=2001-01-31', token);
    expect(none.body).toEqual({ rows: [], next: null });
  });

  it('names every action it records in words', async () => {
    const { token } = await signedInAdmin(server.app);
    const res = await server.http.get('/api/admin/audit-log/actions', token);
    expect(res.body.actions).toContainEqual({ action: 'POST /api/auth/login', description: expect.any(String) });
  });

  it('opens a row’s sealed details only on request, and records that opening under the row’s subject', async () => {
    const { token, user } = await signedInAdmin(server.app);
    const patient = await signedInPatient(server.app);
    const patientId = patient.user.id as string;
    const edited = await server.http.post(`/api/admin/users/${patientId}/disable`, { reason: 'Duplicate account' }, token);
    expect(edited.status).toBe(200);
    const list = await page(`?subject=${patientId}&action=${encodeURIComponent('POST /api/admin/users/:id/disable')}`, token);
    const row = (list.body.rows as AuditLogRow[])[0]!;
    expect(row.hasDetails).toBe(true);
    expect(JSON.stringify(list.body)).not.toContain('Duplicate account');

    const opened = await server.http.get(`/api/admin/audit-log/${row.id}/details`, token);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({ id: row.id, details: { reason: 'Duplicate account' } });
    const openings = await server.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'GET /api/admin/audit-log/:rowId/details'), eq(auditLog.actorUserId, user.id as string)));
    expect(openings.map((opening) => ({ subject: opening.subjectUserId, details: opening.details }))).toContainEqual({
      subject: patientId,
      details: { auditRowId: row.id },
    });
    expect((await server.http.get('/api/admin/audit-log/999999999/details', token)).status).toBe(404);
  });

  it('tells the chain’s state: not checked, then intact up to the anchored row', async () => {
    const { token } = await signedInAdmin(server.app);
    const before = await server.http.get('/api/admin/audit-log/chain', token);
    expect(before.body).toMatchObject({ state: 'unchecked', rowId: null });
    const anchor = await anchorAuditChain({ db: server.app.ctx.db, anchors: server.app.ctx.auditAnchors });
    const after = await server.http.get('/api/admin/audit-log/chain', token);
    expect(after.body).toMatchObject({ state: 'intact', rowId: anchor!.lastId, rowAt: expect.any(String), checkedAt: anchor!.at });
  });
});
