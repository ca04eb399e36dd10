import { messages } from '@app/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, consentRecords, householdMembers, memberships, users, visits } from '../../db/schema';
import { runHousekeeping } from '../../jobs/housekeeping';
import {
  adminEnv,
  insertCompletedSignedVisit,
  signedInAdmin,
  signedInClinician,
  signedInMember,
  signupBody,
  strongPassword,
  useTestApp,
  waitForMail,
} from '../../test/harness';

const YEAR = 365 * 24 * 60 * 60_000;

describe('"Delete my account"', () => {
  const server = useTestApp(adminEnv);

  /** A member on a monthly plan whose next renewal is scheduled, with a signed visit in their record. */
  async function memberWithARecord() {
    const member = await signedInMember(server.app);
    const userId = member.user.id as string;
    await server.app.ctx.db
      .insert(memberships)
      .values({ userId, gatewayToken: 'sbx_pm_kept', nextChargeAt: new Date(Date.now() + 30 * 86_400_000) });
    const { clinician } = await signedInClinician(server.app);
    const visit = await insertCompletedSignedVisit(server.app, { patientId: userId, clinicianId: clinician.userId });
    return { ...member, userId, visit };
  }

  it('refuses a wrong password with a 400 naming the field, and changes nothing', async () => {
    const member = await memberWithARecord();
    const refused = await server.http.post('/api/account/delete', { currentPassword: 'not-it' }, member.token);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ currentPassword: messages.currentPasswordWrong });
    const missing = await server.http.post('/api/account/delete', {}, member.token);
    expect(missing.status).toBe(400);
    expect((await server.http.get('/api/users/me', member.token)).body).toMatchObject({
      email: member.body.email,
      subscriptionStatus: 'active',
    });
    expect((await server.http.post('/api/account/delete', { currentPassword: strongPassword })).status).toBe(401);
  });

  it('ends the membership and every session, erases contact details and consents, keeps the record, and frees the e-mail', async () => {
    const member = await memberWithARecord();
    const deleted = await server.http.post('/api/account/delete', { currentPassword: strongPassword }, member.token);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body.message).toBe(messages.accountDeleted);
    await waitForMail(server.app, member.body.email, 'account-deleted');

    expect((await server.http.get('/api/users/me', member.token)).status).toBe(401);
    expect((await server.http.post('/api/auth/login', { email: member.body.email, password: strongPassword })).status).toBe(401);
    const [membership] = await server.app.ctx.db.select().from(memberships).where(eq(memberships.userId, member.userId));
    expect(membership!.nextChargeAt).toBeNull();
    const [row] = await server.app.ctx.db.select().from(users).where(eq(users.id, member.userId));
    expect(row).toMatchObject({
      subscriptionStatus: 'cancelled',
      nextSubscriptionRenewDate: null,
      customerPhone: null,
      zip: null,
      billingStreet: null,
      smsPolicyAccepted: false,
      firstName: member.body.firstName,
    });
    expect(row!.email).not.toBe(member.body.email);
    expect(row!.recordsEraseAfter!.getTime() - row!.deletedAt!.getTime()).toBeGreaterThanOrEqual(7 * YEAR);
    expect(await server.app.ctx.db.select().from(consentRecords).where(eq(consentRecords.userId, member.userId))).toEqual([]);
    expect(await server.app.ctx.db.select().from(visits).where(eq(visits.patientId, member.userId))).toHaveLength(1);

    const again = await server.app.inject({
      method: 'POST',
      url: '/api/users/register',
      payload: signupBody({ email: member.body.email }),
      remoteAddress: '10.99.0.1',
    });
    expect(again.statusCode, again.body).toBe(201);
    await waitForMail(server.app, member.body.email, 'verify-email');
  });

  it("closes the accounts of the children a guardian keeps with theirs, keeps the children's records, and ends the family", async () => {
    const guardian = await signedInMember(server.app, 'familyMonthly');
    const added = await server.http.post(
      '/api/household/children',
      { firstName: 'Mia', lastName: 'Member', dob: '2019-04-02', sex: 'female', relationship: 'child' },
      guardian.token,
    );
    expect(added.status, added.text).toBe(201);
    const household = await server.http.get('/api/household', guardian.token);
    const childId = (household.body.people as { id: string; role: string }[]).find((p) => p.role === 'child')!.id;
    const { clinician } = await signedInClinician(server.app);
    await insertCompletedSignedVisit(server.app, { patientId: childId, clinicianId: clinician.userId });

    expect((await server.http.post('/api/account/delete', { currentPassword: strongPassword }, guardian.token)).status).toBe(200);
    const [child] = await server.app.ctx.db.select().from(users).where(eq(users.id, childId));
    expect(child!.deletedAt).not.toBeNull();
    expect(child!.recordsEraseAfter!.getTime()).toBeGreaterThan(Date.now() + 6 * YEAR);
    expect(child!.email).toBe(`deleted-${childId}@deleted.invalid`);
    expect(await server.app.ctx.db.select().from(visits).where(eq(visits.patientId, childId))).toHaveLength(1);
    expect(
      await server.app.ctx.db
        .select()
        .from(householdMembers)
        .where(eq(householdMembers.holderId, guardian.user.id as string)),
    ).toEqual([]);
  });

  it('lets an admin read the kept record only with a reason, recorded in the trail; housekeeping erases it after 7 years', async () => {
    const member = await memberWithARecord();
    await server.http.post('/api/account/delete', { currentPassword: strongPassword }, member.token);
    const admin = await signedInAdmin(server.app);
    const url = `/api/admin/users/${member.userId}/kept-record`;

    const withoutReason = await server.http.post(url, { reason: ' ' }, admin.token);
    expect(withoutReason.status).toBe(400);
    expect(withoutReason.body.message).toBe(messages.keptRecordReasonRequired);
    expect((await server.http.post(url, { reason: 'Records request' }, member.token)).status).toBe(401);

    const read = await server.http.post(url, { reason: 'Malpractice records request #12' }, admin.token);
    expect(read.status, read.text).toBe(200);
    expect(read.body.record).toMatchObject({
      visits: [{ id: member.visit.id, summary: { note: { assessment: 'Strep throat, likely.' } } }],
    });
    const trail = await server.app.ctx.db.select().from(auditLog).where(eq(auditLog.subjectUserId, member.userId));
    expect(trail.map((entry) => entry.details?.reason)).toContain('Malpractice records request #12');

    const live = await signedInMember(server.app);
    expect(
      (await server.http.post(`/api/admin/users/${live.user.id as string}/kept-record`, { reason: 'Curious' }, admin.token)).status,
    ).toBe(404);

    await runHousekeeping(server.app.ctx, new Date(Date.now() + 7 * YEAR - 86_400_000));
    expect(await server.app.ctx.db.select().from(users).where(eq(users.id, member.userId))).toHaveLength(1);
    const summary = await runHousekeeping(server.app.ctx, new Date(Date.now() + 7 * YEAR + 3 * 86_400_000));
    expect(summary?.erasedAccounts).toBeGreaterThanOrEqual(1);
    expect(await server.app.ctx.db.select().from(users).where(eq(users.id, member.userId))).toEqual([]);
    expect(await server.app.ctx.db.select().from(visits).where(eq(visits.patientId, member.userId))).toEqual([]);
  });
});
