import { randomUUID } from 'node:crypto';
import { addDays, AUTO_RENEWAL_TERMS_VERSION, formatCentralDay, messages, type MonthlyPlanId, type PlanId } from '@app/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships, payments, purchaseConsents, users } from '../../db/schema';
import { runHousekeeping } from '../../jobs/housekeeping';
import { adminEnv, checkoutBody, mailFor, signedInAdmin, signedInPatient, useTestApp } from '../../test/harness';
import { runRenewals } from '.';
import { sendMembershipReminders } from './membership-reminders.service';

describe('a membership the member manages by the membership terms', () => {
  const server = useTestApp(adminEnv);

  /** A signed-in member whose paid checkout was `startedDaysAgo` and whose next renewal is in `renewsInDays`. */
  async function member(plan: PlanId = 'individualMonthly', { startedDaysAgo = 70, renewsInDays = 21 } = {}) {
    const { token, user, body } = await signedInPatient(server.app, { subscriptionPlan: plan });
    const id = user.id as string;
    const now = new Date();
    const renewsAt = addDays(now, renewsInDays);
    await server.app.ctx.db
      .update(users)
      .set({
        subscriptionStatus: 'active',
        subscriptionPlan: plan,
        subscriptionAmountCents: { individualMonthly: 2999, familyMonthly: 4999, oneTimeVisit: 5999 }[plan],
        subscriptionStartDate: addDays(now, -startedDaysAgo),
        nextSubscriptionRenewDate: plan === 'oneTimeVisit' ? null : renewsAt,
        subscriptionEndDate: renewsAt,
      })
      .where(eq(users.id, id));
    if (plan !== 'oneTimeVisit')
      await server.app.ctx.db.insert(memberships).values({ userId: id, gatewayToken: 'sbx_pm_terms', nextChargeAt: renewsAt });
    return { id, token, email: body.email, renewsAt };
  }
  const userRow = async (id: string) => (await server.app.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
  const membershipRow = async (id: string) => (await server.app.ctx.db.select().from(memberships).where(eq(memberships.userId, id)))[0]!;
  const renewals = async (id: string) =>
    (await server.app.ctx.db.select().from(payments).where(eq(payments.userId, id))).filter((p) => p.kind === 'renewal');
  const quote = (token: string) => server.http.get('/api/users/me/membership/cancellation', token);
  const cancel = (token: string, body: object = {}) => server.http.post('/api/users/me/membership/cancellation', body, token);
  const keep = (token: string) => server.http.delete('/api/users/me/membership/cancellation', token);
  const changePlan = (token: string, planId: string) => server.http.put('/api/users/me/membership/plan-change', { planId }, token);
  /** Runs the renewal job a moment after `at`; the other members' due renewals are charged too, as in production. */
  const renewAt = (at: Date) => runRenewals(server.app.ctx, addDays(at, 0.001));

  it('quotes one more charge inside the notice period, and the end one period later', async () => {
    const m = await member();
    const res = await quote(m.token);
    expect(res.status).toBe(200);
    const endsAt = addDays(m.renewsAt, 30);
    expect(res.body).toEqual({
      charges: [{ date: m.renewsAt.toISOString(), amount: 29.99 }],
      endsAt: endsAt.toISOString(),
      summary: `You'll be charged $29.99 once more on ${formatCentralDay(m.renewsAt)}. Your membership ends on ${formatCentralDay(endsAt)}.`,
    });
  });

  it("charges until each plan's minimum term is over: 90 days for Individual, 60 for Family", async () => {
    const individual = await member('individualMonthly', { startedDaysAgo: 5, renewsInDays: 25 });
    const family = await member('familyMonthly', { startedDaysAgo: 5, renewsInDays: 25 });
    const [a, b] = [(await quote(individual.token)).body, (await quote(family.token)).body];
    expect((a.charges as unknown[]).length).toBe(2);
    expect(a.endsAt).toBe(addDays(individual.renewsAt, 60).toISOString());
    expect(a.summary).toBe(
      `You'll be charged $29.99 2 more times, the last on ${formatCentralDay(addDays(individual.renewsAt, 30))}. Your membership ends on ${formatCentralDay(addDays(individual.renewsAt, 60))}.`,
    );
    expect((b.charges as unknown[]).length).toBe(1);
    expect(b.endsAt).toBe(addDays(family.renewsAt, 30).toISOString());
  });

  it('stops the very next renewal when the notice period and the minimum term allow it', async () => {
    const m = await member('individualMonthly', { startedDaysAgo: 150, renewsInDays: 40 });
    expect((await quote(m.token)).body.summary).toBe(
      `You won't be charged again. Your membership ends on ${formatCentralDay(m.renewsAt)}.`,
    );
  });

  it('records a cancellation online with its reason, e-mails it, charges the renewal the notice keeps, then ends the membership', async () => {
    const m = await member();
    const endsAt = addDays(m.renewsAt, 30);
    const res = await cancel(m.token, { reason: 'Moving abroad' });
    expect(res.status).toBe(200);
    expect(res.body.cancellation).toMatchObject({
      endsAt: endsAt.toISOString(),
      endsOn: formatCentralDay(endsAt),
      method: 'online',
      reason: 'Moving abroad',
    });
    const user = await userRow(m.id);
    expect([user.subscriptionMethodOfCancelling, user.subscriptionCancellationReason, user.subscriptionCancelledDate !== null]).toEqual([
      'online',
      'Moving abroad',
      true,
    ]);
    const confirmation = (await mailFor(server.app, m.email)).find((mail) => mail.kind === 'cancellation-confirmed');
    expect(confirmation?.text).toContain(`Your membership ends on ${formatCentralDay(endsAt)}.`);
    expect((await cancel(m.token)).body.message).toBe(messages.alreadyCancelled);
    expect((await quote(m.token)).status).toBe(409);

    await renewAt(m.renewsAt);
    expect((await renewals(m.id)).map((r) => [r.status, r.amountCents])).toEqual([['succeeded', 2999]]);
    expect((await userRow(m.id)).subscriptionStatus).toBe('active');

    const summary = await renewAt(endsAt);
    expect(summary.cancelled).toBeGreaterThanOrEqual(1);
    expect(await renewals(m.id)).toHaveLength(1);
    const ended = await userRow(m.id);
    expect([ended.subscriptionStatus, ended.subscriptionEndDate?.getTime()]).toEqual(['cancelled', endsAt.getTime()]);
    expect((await membershipRow(m.id)).nextChargeAt).toBeNull();

    const undo = await keep(m.token);
    expect([undo.status, undo.body.message]).toEqual([409, messages.cancellationTookEffect]);
    expect((await userRow(m.id)).subscriptionStatus).toBe('cancelled');
  });

  it('undoes a cancellation until it takes effect ("Keep my membership"), and renewals go on', async () => {
    const m = await member('individualMonthly', { startedDaysAgo: 150, renewsInDays: 40 });
    await cancel(m.token);
    const res = await keep(m.token);
    expect([res.status, res.body.cancellation]).toEqual([200, null]);
    expect((await userRow(m.id)).subscriptionMethodOfCancelling).toBeNull();
    expect((await keep(m.token)).body.message).toBe(messages.nothingToUndo);
    await renewAt(m.renewsAt);
    expect((await renewals(m.id)).map((r) => r.status)).toEqual(['succeeded']);
  });

  it('refuses to cancel or undo while a renewal of the membership is being charged, and records nothing', async () => {
    const m = await member();
    await server.app.ctx.db
      .update(memberships)
      .set({ lockedUntil: addDays(new Date(), 0.01) })
      .where(eq(memberships.userId, m.id));
    const res = await cancel(m.token, { reason: 'Too expensive' });
    expect([res.status, res.body.message]).toEqual([409, messages.renewalInFlight]);
    expect(res.headers['retry-after']).toBeDefined();
    expect((await membershipRow(m.id)).cancelAt).toBeNull();
    expect((await userRow(m.id)).subscriptionCancelledDate).toBeNull();
  });

  it('refuses to cancel a one-time visit, and a plan change to the current plan, with a message and no change', async () => {
    const visit = await member('oneTimeVisit');
    const res = await cancel(visit.token);
    expect([res.status, res.body.message]).toEqual([422, messages.cancelOneTimeVisit]);
    expect((await userRow(visit.id)).subscriptionCancelledDate).toBeNull();

    const m = await member();
    const same = await changePlan(m.token, 'individualMonthly');
    expect([same.status, same.body.message]).toEqual([422, messages.planChangeSamePlan]);
    expect((await changePlan(m.token, 'oneTimeVisit')).status).toBe(400);
    expect((await membershipRow(m.id)).scheduledPlan).toBeNull();
  });

  it('schedules a plan change for the next full cycle, which the renewal applies at the new price', async () => {
    const m = await member();
    const res = await changePlan(m.token, 'familyMonthly');
    expect(res.status).toBe(200);
    expect(res.body.planChange).toMatchObject({
      planId: 'familyMonthly',
      summary: `From ${formatCentralDay(m.renewsAt)} your plan is Family Monthly at $49.99`,
    });
    expect((await userRow(m.id)).subscriptionPlan).toBe('individualMonthly');

    await renewAt(m.renewsAt);
    expect((await renewals(m.id)).map((r) => [r.status, r.planId, r.amountCents])).toEqual([['succeeded', 'familyMonthly', 4999]]);
    const user = await userRow(m.id);
    expect([user.subscriptionPlan, user.subscriptionAmountCents]).toEqual(['familyMonthly', 4999]);
    expect((await membershipRow(m.id)).scheduledPlan).toBeNull();
    expect((await server.http.get('/api/users/me/membership', m.token)).body.planChange).toBeNull();
  });

  it('drops a scheduled plan change on request, and a cancellation drops it too', async () => {
    const m = await member();
    await changePlan(m.token, 'familyMonthly');
    expect((await server.http.delete('/api/users/me/membership/plan-change', m.token)).body.planChange).toBeNull();
    expect((await server.http.delete('/api/users/me/membership/plan-change', m.token)).body.message).toBe(messages.noPlanChange);
    await changePlan(m.token, 'familyMonthly');
    await cancel(m.token);
    expect((await membershipRow(m.id)).scheduledPlan).toBeNull();
    expect((await changePlan(m.token, 'familyMonthly')).body.message).toBe(messages.planChangeWhileCancelled);
  });

  it('keeps the auto-renewal terms shown at checkout with the purchase: the words, their version, the time and the address', async () => {
    const { token, user } = await signedInPatient(server.app);
    const id = user.id as string;
    const pay = (body: object) =>
      server.app.inject({
        method: 'PUT',
        url: `/api/users/${id}/subscription`,
        payload: body,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID() },
        remoteAddress: '10.20.30.40',
      });
    const outdated = await pay(checkoutBody({ autoRenewalTermsVersion: '2020-01-01' }));
    expect([outdated.statusCode, outdated.json<{ message: string }>().message]).toEqual([422, messages.renewalTermsOutdated]);
    expect(await server.app.ctx.db.select().from(payments).where(eq(payments.userId, id))).toHaveLength(0);

    expect((await pay(checkoutBody())).statusCode).toBe(200);
    const consents = await server.app.ctx.db.select().from(purchaseConsents).where(eq(purchaseConsents.userId, id));
    expect(consents.map((c) => [c.termsText, c.termsVersion, c.ip, c.planId])).toEqual([
      [
        'Renews every 30 days at $29.99 until you cancel. Cancel online any time from your profile.',
        AUTO_RENEWAL_TERMS_VERSION,
        '10.20.30.40',
        'individualMonthly',
      ],
    ]);
    // Housekeeping, run almost three years on, leaves them.
    await runHousekeeping(server.app.ctx, addDays(new Date(), 3 * 365));
    expect(await server.app.ctx.db.select().from(purchaseConsents).where(eq(purchaseConsents.userId, id))).toHaveLength(1);

    const admin = await signedInAdmin(server.app);
    const view = await server.http.get(`/api/admin/users/${id}/membership`, admin.token);
    expect(view.status).toBe(200);
    expect((view.body.consents as { text: string }[]).map((c) => c.text)).toEqual([consents[0]!.termsText]);
  });

  it('reminds each member of their membership once a year, also when several runs race', async () => {
    const m = await member('familyMonthly', { startedDaysAgo: 400, renewsInDays: 10 });
    const now = new Date();
    await Promise.all([sendMembershipReminders(server.app.ctx, now), sendMembershipReminders(server.app.ctx, now)]);
    await sendMembershipReminders(server.app.ctx, addDays(now, 200));
    const reminders = (await mailFor(server.app, m.email)).filter((mail) => mail.kind === 'membership-reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.text).toContain('Renews every 30 days at $49.99 until you cancel. Cancel online any time from your profile.');
    await sendMembershipReminders(server.app.ctx, addDays(now, 366));
    expect((await mailFor(server.app, m.email)).filter((mail) => mail.kind === 'membership-reminder')).toHaveLength(2);
  });

  it("lets an admin set a member's cancellation with a reason by the same rules, undo it, and see a scheduled plan change", async () => {
    const admin = await signedInAdmin(server.app);
    const m = await member();
    await changePlan(m.token, 'familyMonthly' satisfies MonthlyPlanId);
    const seen = await server.http.get(`/api/admin/users/${m.id}/membership`, admin.token);
    expect((seen.body.terms as { planChange: { planId: string } }).planChange.planId).toBe('familyMonthly');

    const url = `/api/admin/users/${m.id}/membership/cancellation`;
    expect((await server.http.post(url, {}, admin.token)).status).toBe(400);
    const res = await server.http.post(url, { reason: 'Asked by phone' }, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.cancellation).toMatchObject({
      method: 'admin',
      reason: 'Asked by phone',
      endsAt: addDays(m.renewsAt, 30).toISOString(),
    });
    expect((await server.http.delete(url, admin.token)).body.cancellation).toBeNull();
  });
});
