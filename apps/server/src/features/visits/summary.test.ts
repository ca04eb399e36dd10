import { PassThrough } from 'node:stream';
import { centralDay, messages } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { auditLog } from '../../db/schema';
import {
  api,
  createTestApp,
  eventually,
  insertCompletedSignedVisit,
  insertVisitRow,
  signedInClinician,
  signedInMember,
} from '../../test/harness';
import { readPdf } from '../../test/pdf-text';

// One server for the file, logging every request at debug into `logText`, to prove the summary stays out of the logs.
const server = {} as { app: App; http: ReturnType<typeof api> };
let logText = '';
beforeAll(async () => {
  const logs = new PassThrough();
  logs.on('data', (chunk: Buffer) => (logText += chunk.toString()));
  server.app = await createTestApp({ LOG_LEVEL: 'debug' }, { logStream: logs });
  server.http = api(server.app);
});
afterAll(() => server.app.close());

const summaryUrl = (visitId: string) => `/api/visits/${visitId}/summary.pdf`;

async function patientWithClinician() {
  const clinician = await signedInClinician(server.app, { firstName: 'Grace', lastName: 'Hopper', credentials: 'MD' });
  const patient = await signedInMember(server.app, 'individualMonthly', { firstName: 'Avery', lastName: 'Stone', dob: '1985-04-12' });
  return { clinician, patient, patientId: patient.user.id as string };
}

describe('downloading a visit summary as a PDF', () => {
  it('gives the patient a PDF of the signed summary, named after the visit day, never cached', async () => {
    const { clinician, patient, patientId } = await patientWithClinician();
    const startedAt = new Date('2026-11-20T15:30:00Z');
    const visit = await insertCompletedSignedVisit(server.app, {
      patientId,
      clinicianId: clinician.clinician.userId,
      startedAt,
      addenda: ['Throat culture came back positive for strep.'],
    });

    const res = await server.app.inject({
      method: 'GET',
      url: summaryUrl(visit.id),
      headers: { authorization: `Bearer ${patient.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="visit-summary-${centralDay(startedAt)}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const { text, pages } = readPdf(res.rawPayload);
    expect(pages).toBe(1);
    for (const expected of [
      server.app.ctx.config.brand.name,
      server.app.ctx.config.brand.supportPhone,
      'Visit summary',
      'Avery Stone',
      'April 12, 1985',
      'November 20, 2026 at 9:30 AM CST',
      'America/Chicago',
      'Urgent care',
      'Phone',
      'Missouri',
      `Dr. Grace Hopper, MD`,
      clinician.clinician.npi,
      'Fever of 101°F and a sore throat',
      'Strep throat, likely.',
      'Antibiotics for ten days; rest and fluids.',
      'Amoxicillin 500 mg',
      'Take one capsule twice a day. Quantity: 20 capsules. 0 refills.',
      'Corner Pharmacy, (314) 555-0123, 12 Main St, Saint Louis, MO 63101',
      'Call us if the fever lasts more than 48 hours.',
      'Throat culture came back positive for strep.',
      'Added by Dr. Grace Hopper, MD',
      'Signed November 20, 2026 at 9:45 AM CST',
      'Kept in your record for 7 years · Page 1 of 1',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('wraps a very long plan across pages and draws what the fonts cannot as "?", numbering every page', async () => {
    const { clinician, patient, patientId } = await patientWithClinician();
    const plan = `Rest 😀 and drink\u200b fluids, 多喝水. ${'Take the medicine with food and keep a diary of the fever. '.repeat(80)}`;
    const visit = await insertCompletedSignedVisit(server.app, {
      patientId,
      clinicianId: clinician.clinician.userId,
      note: { plan },
      symptoms: 'Őrült fejfájás 🤒',
    });

    const res = await server.app.inject({
      method: 'GET',
      url: summaryUrl(visit.id),
      headers: { authorization: `Bearer ${patient.token}` },
    });
    expect(res.statusCode).toBe(200);
    const { text, pages } = readPdf(res.rawPayload);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('Rest ? and drink fluids, ???.');
    // Latin-1 letters are drawn as they are; others lose their accent (Ő → O) or become "?".
    expect(text).toContain('Orült fejfájás ?');
    expect(text).toContain(`Kept in your record for 7 years · Page ${pages} of ${pages}`);
  });

  it('answers 404 to another patient, 401 without a session, and 404 for a visit without a signed note', async () => {
    const { clinician, patient, patientId } = await patientWithClinician();
    const other = await signedInMember(server.app);
    const signed = await insertCompletedSignedVisit(server.app, { patientId, clinicianId: clinician.clinician.userId });

    const asOther = await server.http.get(summaryUrl(signed.id), other.token);
    expect(asOther.status).toBe(404);
    expect(asOther.body.message).toBe(messages.visitNotFound);
    expect((await server.http.get(summaryUrl(signed.id))).status).toBe(401);

    const unsigned = await insertVisitRow(server.app, other.user.id as string, {
      status: 'in_visit',
      clinicianId: clinician.clinician.userId,
      claimedAt: new Date(),
      startedAt: new Date(),
    });
    const notYet = await server.http.get(summaryUrl(unsigned.id), other.token);
    expect(notYet.status).toBe(404);
    expect(notYet.body.message).toBe(messages.visitSummaryNotSigned);
    expect((await server.http.get(summaryUrl(signed.id), patient.token)).status).toBe(200);
  });

  it('files the download in the audit trail under the patient, and keeps the summary out of the logs', async () => {
    const { clinician, patient, patientId } = await patientWithClinician();
    const visit = await insertCompletedSignedVisit(server.app, {
      patientId,
      clinicianId: clinician.clinician.userId,
      note: { assessment: 'Rare-assessment-marker', plan: 'Rare-plan-marker' },
      symptoms: 'Rare-symptom-marker',
    });
    expect((await server.http.get(summaryUrl(visit.id), patient.token)).status).toBe(200);
    const action = 'GET /api/visits/:visitId/summary.pdf';
    await eventually('the audit row of the download', async () => {
      const rows = await server.app.ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorUserId, patientId), eq(auditLog.action, action)));
      return rows.length === 1 ? rows : undefined;
    });
    expect(logText).toContain('/api/visits/:visitId/summary.pdf');
    for (const marker of ['Rare-assessment-marker', 'Rare-plan-marker', 'Rare-symptom-marker', 'Amoxicillin', 'Avery']) {
      expect(logText).not.toContain(marker);
    }
  });
});
