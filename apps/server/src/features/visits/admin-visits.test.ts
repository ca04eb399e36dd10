import { randomUUID } from 'node:crypto';
import { messages } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, householdMembers, payments, users } from '../../db/schema';
import {
  adminEnv,
  insertCompletedSignedVisit,
  insertPatient,
  insertVisitRow,
  signedInAdmin,
  signedInClinician,
  signedInMember,
  signedInPatient,
  useTestApp,
} from '../../test/harness';

const server = useTestApp(adminEnv);

const MINUTE = 60_000;
const SYMPTOMS = 'Rash on the left forearm, marker-7731';
const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * MINUTE);
const visitsOf = (id: string, token: string, query = '') => server.http.get(`/api/admin/users/${id}/visits${query}`, token);

/**
 * A Family member with a child they are the guardian of, and five visits between them in every state
 * (oldest first): completed by a physician after a 12-minute wait, withdrawn while waiting, paid for by
 * itself and completed, the child's under way with a nurse practitioner, and the member's waiting now.
 */
async function memberWithVisits() {
  const member = await signedInMember(server.app, 'familyMonthly', { firstName: 'Rosa', lastName: 'Diaz' });
  const memberId = member.user.id as string;
  const { user: child } = await insertPatient(server.app, { firstName: 'Leo', lastName: 'Diaz' });
  await server.app.ctx.db.update(users).set({ dob: '2019-03-02' }).where(eq(users.id, child.id));
  await server.app.ctx.db
    .insert(householdMembers)
    .values({ userId: child.id, holderId: memberId, role: 'child', guardianId: memberId, relationship: 'child' });
  const doctor = await signedInClinician(server.app, { firstName: 'Grace', lastName: 'Hopper', credentials: 'MD' });
  const nurse = await signedInClinician(server.app, { firstName: 'Ada', lastName: 'Byron', credentials: 'NP' });
  const [payment] = await server.app.ctx.db
    .insert(payments)
    .values({ userId: memberId, planId: 'primary-care', kind: 'visit', amountCents: 7500, gateway: 'sandbox', status: 'succeeded' })
    .returning();

  const completed = await insertCompletedSignedVisit(server.app, {
    patientId: memberId,
    clinicianId: doctor.clinician.userId,
    symptoms: SYMPTOMS,
    note: { assessment: 'Contact dermatitis, marker-7731' },
    startedAt: at(4000),
  });
  const withdrawn = await insertVisitRow(server.app, memberId, {
    mode: 'message',
    symptoms: SYMPTOMS,
    status: 'cancelled',
    cancelledBy: 'patient',
    cancelReason: 'Felt better, marker-7731',
    requestedAt: at(3000),
    endedAt: at(2990),
  });
  const paid = await insertVisitRow(server.app, memberId, {
    service: 'primary-care',
    mode: 'video',
    coverage: 'paid',
    paymentId: payment!.id,
    status: 'completed',
    clinicianId: doctor.clinician.userId,
    requestedAt: at(2000),
    claimedAt: at(1997),
    startedAt: at(1995),
    endedAt: at(1980),
  });
  const childs = await insertVisitRow(server.app, child.id, {
    requestedBy: memberId,
    service: 'pediatric-care',
    mode: 'video',
    status: 'in_visit',
    clinicianId: nurse.clinician.userId,
    requestedAt: at(30),
    claimedAt: at(25),
    startedAt: at(20),
  });
  const waiting = await insertVisitRow(server.app, memberId, { symptoms: SYMPTOMS, requestedAt: at(2) });
  return { member, memberId, child, doctor, nurse, payment: payment!, visits: { completed, withdrawn, paid, childs, waiting } };
}

describe("a member's visits in the admin console", () => {
  it("lists the member's visits and their child's, newest first: when, what, how, status, clinician, wait and what paid", async () => {
    const { memberId, child, visits } = await memberWithVisits();
    // Someone else's visit never shows.
    const stranger = await signedInPatient(server.app);
    await insertVisitRow(server.app, stranger.user.id as string, { requestedAt: at(1) });
    const admin = await signedInAdmin(server.app);

    const res = await visitsOf(memberId, admin.token);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const member = { id: memberId, firstName: 'Rosa', lastName: 'Diaz' };
    expect(res.body).toEqual({
      totalElements: 5,
      totalPages: 1,
      content: [
        {
          id: visits.waiting.id,
          patient: member,
          service: 'urgent-care',
          mode: 'phone',
          status: 'waiting',
          cancelledBy: null,
          requestedAt: visits.waiting.requestedAt.toISOString(),
          claimedAt: null,
          waitMinutes: null,
          clinician: null,
          coverage: 'membership',
          paidCents: null,
        },
        {
          id: visits.childs.id,
          patient: { id: child.id, firstName: 'Leo', lastName: 'Diaz' },
          service: 'pediatric-care',
          mode: 'video',
          status: 'in_visit',
          cancelledBy: null,
          requestedAt: visits.childs.requestedAt.toISOString(),
          claimedAt: visits.childs.claimedAt!.toISOString(),
          waitMinutes: 5,
          clinician: { name: 'Ada Byron, NP', credentials: 'NP' },
          coverage: 'membership',
          paidCents: null,
        },
        expect.objectContaining({
          id: visits.paid.id,
          service: 'primary-care',
          status: 'completed',
          waitMinutes: 3,
          clinician: { name: 'Dr. Grace Hopper, MD', credentials: 'MD' },
          coverage: 'paid',
          paidCents: 7500,
        }),
        expect.objectContaining({
          id: visits.withdrawn.id,
          mode: 'message',
          status: 'cancelled',
          cancelledBy: 'patient',
          claimedAt: null,
          waitMinutes: null,
          clinician: null,
        }),
        expect.objectContaining({
          id: visits.completed.id,
          status: 'completed',
          // insertCompletedSignedVisit claims 5 minutes after the request.
          waitMinutes: 5,
          clinician: { name: 'Dr. Grace Hopper, MD', credentials: 'MD' },
          coverage: 'membership',
        }),
      ],
    });
    // No health details: symptoms, the note, a cancellation's reason, the callback number.
    expect(res.text).not.toContain('marker-7731');
    expect(res.text).not.toMatch(/symptoms|callback|assessment|amoxicillin|cancelReason/i);
  });

  it('pages the list, and shows a child on their own page only their visits', async () => {
    const { memberId, child, visits } = await memberWithVisits();
    const admin = await signedInAdmin(server.app);
    const second = await visitsOf(memberId, admin.token, '?page=1&size=2');
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ totalElements: 5, totalPages: 3 });
    expect((second.body.content as { id: string }[]).map((v) => v.id)).toEqual([visits.paid.id, visits.withdrawn.id]);
    const past = await visitsOf(memberId, admin.token, '?page=9&size=2');
    expect(past.body).toEqual({ content: [], totalElements: 5, totalPages: 3 });
    expect((await visitsOf(memberId, admin.token, '?size=0')).status).toBe(400);

    const childsPage = await visitsOf(child.id, admin.token);
    expect((childsPage.body.content as { id: string }[]).map((v) => v.id)).toEqual([visits.childs.id]);
  });

  it('says "No visits" with an empty page for a member who has none', async () => {
    const { user } = await signedInPatient(server.app);
    const admin = await signedInAdmin(server.app);
    expect((await visitsOf(user.id as string, admin.token)).body).toEqual({ content: [], totalElements: 0, totalPages: 0 });
  });

  it('records the read in the trail before answering, with the member as its subject', async () => {
    const { memberId } = await memberWithVisits();
    const admin = await signedInAdmin(server.app);
    await visitsOf(memberId, admin.token, '?size=3');
    // Read as soon as the answer is in: the route wrote its row before answering.
    const rows = await server.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectUserId, memberId), eq(auditLog.action, 'GET /api/admin/users/:id/visits')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorRole: 'admin', status: 200, details: { page: 0, size: 3, count: 3 } });
  });

  it('answers 404 naming an unknown account, 400 for a malformed id, and refuses a deleted account’s kept visits', async () => {
    const admin = await signedInAdmin(server.app);
    const unknown = await visitsOf(randomUUID(), admin.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(messages.memberNotFound);
    const malformed = await visitsOf('not-a-uuid', admin.token);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(messages.missingUserId);

    const { memberId } = await memberWithVisits();
    await server.app.ctx.db.update(users).set({ deletedAt: new Date(), recordsEraseAfter: new Date() }).where(eq(users.id, memberId));
    const deleted = await visitsOf(memberId, admin.token);
    expect(deleted.status).toBe(404);
    expect(deleted.body.message).toBe(messages.memberVisitsKeptRecord);
    expect(deleted.text).not.toContain(memberId);
  });

  it('answers only an admin: 401 anonymous, 403 to the member themselves and to a clinician', async () => {
    const { member, memberId, doctor } = await memberWithVisits();
    expect((await server.http.get(`/api/admin/users/${memberId}/visits`)).status).toBe(401);
    for (const token of [member.token, doctor.token]) {
      const refused = await visitsOf(memberId, token);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(messages.accessDenied);
    }
  });
});
