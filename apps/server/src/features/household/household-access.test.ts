import { addIsoDays, messages, toIsoDate } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { householdMembers, users } from '../../db/schema';
import {
  insertCompletedSignedVisit,
  signedInClinician,
  signedInMember,
  signedInPatient,
  useTestApp,
  visitRequestBody,
  waitForMail,
} from '../../test/harness';

const server = useTestApp();

const bornYearsAgo = (years: number, days = 10) => {
  const day = new Date();
  day.setFullYear(day.getFullYear() - years);
  return addIsoDays(toIsoDate(day), -days);
};

/**
 * A family: the holder, a child they are the guardian of, and an invited adult in it, arranged as
 * adding and accepting leave them; and a clinician licensed in Missouri.
 */
async function family(childAge = 7) {
  const holder = await signedInMember(server.app, 'familyMonthly');
  const adult = await signedInPatient(server.app);
  await server.app.ctx.db
    .insert(householdMembers)
    .values({ userId: adult.user.id as string, holderId: holder.user.id as string, role: 'adult' });
  const added = await server.http.post(
    '/api/household/children',
    { firstName: 'Mia', lastName: 'Member', dob: bornYearsAgo(Math.min(childAge, 17)), sex: 'female', relationship: 'child' },
    holder.token,
  );
  // A child is added under 18; one who is older now grew up in the family.
  if (childAge > 17)
    await server.app.ctx.db
      .update(users)
      .set({ dob: bornYearsAgo(childAge) })
      .where(eq(users.id, added.body.id as string));
  const clinician = await signedInClinician(server.app, { states: ['MO'] });
  return { holder, adult, childId: added.body.id as string, clinician };
}
const pediatric = (patientId: string) => visitRequestBody({ patientId, service: 'pediatric-care' });

describe("a household member's visits and record are seen by the member and a child's guardian, nobody else", () => {
  it("the guardian requests the child's pediatric visit, covered by the family at no charge; the invited adult cannot see it", async () => {
    const { holder, adult, childId } = await family();
    const requested = await server.http.post('/api/visits', pediatric(childId), holder.token);
    expect(requested.status).toBe(201);
    const visit = requested.body.visit as { id: string; patient: Record<string, unknown> };
    expect(visit.patient).toEqual({ id: childId, firstName: 'Mia', lastName: 'Member' });

    expect((await server.http.get(`/api/visits/${visit.id}`, holder.token)).status).toBe(200);
    const holderList = (await server.http.get('/api/visits', holder.token)).body.visits as Array<{ id: string }>;
    expect(holderList.map((v) => v.id)).toContain(visit.id);

    for (const url of [`/api/visits/${visit.id}`, `/api/visits/${visit.id}/messages`, `/api/visits/${visit.id}/summary.pdf`]) {
      expect((await server.http.get(url, adult.token)).status, url).toBe(404);
    }
    expect((await server.http.post(`/api/visits/${visit.id}/cancel`, {}, adult.token)).status).toBe(404);
    expect((await server.http.get('/api/visits', adult.token)).body.visits).toEqual([]);
    // The adult cannot request a visit for a child they are not the guardian of.
    const theirs = await server.http.post('/api/visits', pediatric(childId), adult.token);
    expect(theirs.status).toBe(400);
    expect((theirs.body.errors as Record<string, string>).patientId).toBe(messages.personNotFound);
  });

  it("keeps the invited adult's own visits from the holder", async () => {
    const { holder, adult, clinician } = await family();
    const own = await insertCompletedSignedVisit(server.app, {
      patientId: adult.user.id as string,
      clinicianId: clinician.clinician.userId,
    });
    expect((await server.http.get(`/api/visits/${own.id}`, adult.token)).status).toBe(200);
    expect((await server.http.get(`/api/visits/${own.id}`, holder.token)).status).toBe(404);
    expect((await server.http.get(`/api/visits/${own.id}/summary.pdf`, holder.token)).status).toBe(404);
    expect(((await server.http.get('/api/visits', holder.token)).body.visits as unknown[]).length).toBe(0);
  });

  it("shows the child's signed summary in the guardian's record, with the child's name on the PDF", async () => {
    const { holder, adult, childId, clinician } = await family();
    const signed = await insertCompletedSignedVisit(server.app, {
      patientId: childId,
      clinicianId: clinician.clinician.userId,
      startedAt: new Date(),
    });
    const list = (await server.http.get('/api/visits', holder.token)).body.visits as Array<{ id: string; summary: unknown }>;
    expect(list.find((v) => v.id === signed.id)?.summary).not.toBeNull();
    const pdf = await server.http.get(`/api/visits/${signed.id}/summary.pdf`, holder.token);
    expect(pdf.status).toBe(200);
    expect((await server.http.get(`/api/visits/${signed.id}/summary.pdf`, adult.token)).status).toBe(404);
  });

  it("keeps the child's health history for the guardian alone", async () => {
    const { holder, adult, childId } = await family();
    const stranger = await signedInPatient(server.app);
    const url = `/api/household/people/${childId}/health-history`;
    const history = { noKnownAllergies: true, allergies: [], medications: [], conditions: ['Asthma'], surgeries: [], pharmacy: null };
    const saved = await server.http.put(url, history, holder.token);
    expect(saved.status).toBe(200);
    expect((await server.http.get(url, holder.token)).body.history).toEqual(history);
    // The holder's own history is apart from the child's.
    expect((await server.http.get('/api/users/me/health-history', holder.token)).body.history).toBeNull();
    for (const other of [adult, stranger]) {
      expect((await server.http.get(url, other.token)).status).toBe(404);
      expect((await server.http.put(url, history, other.token)).status).toBe(404);
    }
    expect((await server.http.get(`/api/household/people/${holder.user.id as string}/health-history`, adult.token)).status).toBe(404);
  });

  it('shows the clinician the child as the patient and the guardian as the contact, who is told the doctor is ready', async () => {
    const { holder, childId, clinician } = await family(9);
    const visit = (await server.http.post('/api/visits', pediatric(childId), holder.token)).body.visit as { id: string };
    const claimed = await server.http.post(`/api/clinic/visits/${visit.id}/claim`, {}, clinician.token);
    expect(claimed.status).toBe(200);
    const seen = (claimed.body.visit ?? claimed.body) as Record<string, unknown>;
    expect(seen.patient).toMatchObject({ id: childId, firstName: 'Mia', lastName: 'Member', age: 9 });
    expect(seen.guardian).toEqual({ firstName: holder.user.firstName, lastName: holder.user.lastName });
    await waitForMail(server.app, holder.body.email, 'doctor-ready');
  });
});

describe('who a visit may be for', () => {
  it.each([
    ['a child under 2', 1, {}, 'patientId', messages.pediatricAgeRange],
    ['a child who turned 18', 18, {}, 'patientId', messages.visitChildIs18('Mia')],
    ['a child, for anything but pediatric care', 7, { service: 'urgent-care' }, 'service', messages.childVisitIsPediatric],
  ])('refuses %s with 400 naming the field, and makes no visit', async (_name, age, change, field, message) => {
    const { holder, childId } = await family(age);
    const res = await server.http.post('/api/visits', { ...pediatric(childId), ...change }, holder.token);
    expect(res.status).toBe(400);
    expect((res.body.errors as Record<string, string>)[field]).toBe(message);
    expect((await server.http.get('/api/visits', holder.token)).body.visits).toEqual([]);
  });
});
