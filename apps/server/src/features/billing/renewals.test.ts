import { randomUUID } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { queryRows } from '../../db/client';
import { memberships, payments, sandboxGatewayCharges, users } from '../../db/schema';
import { addDays, messages, type AdminUser } from '@app/shared';
import {
  adminEnv,
  api,
  checkoutBody,
  createTestApp,
  eventually,
  insertDueMember,
  mailFor,
  signedInAdmin,
  signedInPatient,
} from '../../test/harness';
import { runBillingJobs, runReconciliation, runRenewals } from '.';

describe('the renewal job', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /** A patient who paid with `cardNumber` for a monthly plan; returns ids and the renewal date. */
  const member = async (cardNumber = '4242424242424242', planId = 'individualMonthly') => {
    const { user, token, body } = await signedInPatient(app);
    const id = user.id as string;
    const res = await api(app).put(`/api/users/${id}/subscription`, checkoutBody({ planId, card: { cardNumber } }), token, {
      'idempotency-key': randomUUID(),
    });
    expect(res.status).toBe(200);
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, id));
    return { id, email: body.email, renewsAt: row!.nextSubscriptionRenewDate! };
  };
  const renewals = (id: string) =>
    app.ctx.db
      .select()
      .from(payments)
      .where(eq(payments.userId, id))
      .then((rows) => rows.filter((r) => r.kind === 'renewal'));
  const userRow = async (id: string) => (await app.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
  const membership = async (id: string) => (await app.ctx.db.select().from(memberships).where(eq(memberships.userId, id)))[0]!;

  it('charges nothing before the renewal date', async () => {
    const { id, renewsAt } = await member();
    await runRenewals(app.ctx, addDays(renewsAt, -1));
    expect(await renewals(id)).toHaveLength(0);
  });

  it('charges a due membership once with the stored token and moves the dates 30 days on, also when run twice', async () => {
    const { id, email, renewsAt } = await member();
    const when = addDays(renewsAt, 0.01);
    await runRenewals(app.ctx, when);
    await runRenewals(app.ctx, when);
    const rows = await renewals(id);
    expect(rows.map((r) => [r.status, r.amountCents, r.attempt])).toEqual([['succeeded', 2999, 1]]);
    const user = await userRow(id);
    expect(user.subscriptionStatus).toBe('active');
    expect(user.nextSubscriptionRenewDate!.getTime()).toBe(addDays(renewsAt, 30).getTime());
    expect(user.subscriptionEndDate!.getTime()).toBe(addDays(renewsAt, 30).getTime());
    expect((await membership(id)).nextChargeAt!.getTime()).toBe(addDays(renewsAt, 30).getTime());
    await app.ctx.mail.deliverDue();
    expect((await mailFor(app, email)).filter((m) => m.kind === 'receipt')).toHaveLength(2);
  });

  it('charges a period once when several job instances run at the same time', async () => {
    const members = await Promise.all([member(), member(), member()]);
    const when = addDays(members[0].renewsAt, 0.5);
    const results = await Promise.all([runRenewals(app.ctx, when), runRenewals(app.ctx, when), runRenewals(app.ctx, when)]);
    for (const m of members) expect(await renewals(m.id)).toHaveLength(1);
    expect(results.reduce((n, r) => n + r.renewed, 0)).toBeGreaterThanOrEqual(3);
  });

  it('renews a crowd of due memberships set-based, across instances: each period charged once, approvals renewed, declines past due, one notice each', async () => {
    const approving = await Promise.all(Array.from({ length: 24 }, () => member()));
    const declining = await Promise.all(Array.from({ length: 12 }, () => member('4000000000000341')));
    const when = addDays(approving[0]!.renewsAt, 0.5);
    const results = await Promise.all([runRenewals(app.ctx, when), runRenewals(app.ctx, when)]);
    expect(results.reduce((n, r) => n + r.renewed, 0)).toBeGreaterThanOrEqual(approving.length);
    expect(results.reduce((n, r) => n + r.declined, 0)).toBeGreaterThanOrEqual(declining.length);
    for (const m of approving) {
      expect((await renewals(m.id)).map((r) => r.status)).toEqual(['succeeded']);
      expect(await chargesFor(m.id)).toHaveLength(1);
      expect((await userRow(m.id)).nextSubscriptionRenewDate!.getTime()).toBe(addDays(m.renewsAt, 30).getTime());
    }
    for (const m of declining) {
      expect((await renewals(m.id)).map((r) => r.status)).toEqual(['failed']);
      const user = await userRow(m.id);
      expect([user.subscriptionStatus, user.nextSubscriptionRenewDate!.getTime()]).toEqual(['past_due', m.renewsAt.getTime()]);
      expect((await membership(m.id)).nextChargeAt!.getTime()).toBe(addDays(m.renewsAt, 1).getTime());
    }
    await app.ctx.mail.deliverDue();
    for (const m of approving) expect((await mailFor(app, m.email)).filter((mail) => mail.kind === 'receipt')).toHaveLength(2);
    for (const m of declining) expect((await mailFor(app, m.email)).filter((mail) => mail.kind === 'renewal-declined')).toHaveLength(1);
  });

  it('the sandbox answers a key asked many times at once with one record and one answer', async () => {
    const token = (await membership((await member()).id)).gatewayToken!;
    const key = `renewal-race:${randomUUID()}`;
    const request = (idempotencyKey: string) =>
      app.ctx.gateway.chargeSaved(token, { amountCents: 2999, currency: 'USD', description: 'race', idempotencyKey });
    const answers = await Promise.all([...Array.from({ length: 10 }, () => request(key)), request(`${key}:other`)]);
    const references = new Set(answers.slice(0, 10).map((a) => (a.ok ? a.reference : a.code)));
    expect(references.size).toBe(1);
    expect(answers[10]).toMatchObject({ ok: true });
    expect(answers[10]!.ok && answers[10]!.reference).not.toBe([...references][0]);
    expect(
      await app.ctx.db
        .select()
        .from(sandboxGatewayCharges)
        .where(like(sandboxGatewayCharges.idempotencyKey, `${key}%`)),
    ).toHaveLength(2);
  });

  /** A renewal run that died after recording its try: the gateway charged it (or not), nothing was committed. */
  const crashedRenewal = async (charged: boolean) => {
    const m = await member();
    const gatewayKey = `renewal:${m.id}:${m.renewsAt.toISOString()}:1`;
    const [payment] = await app.ctx.db
      .insert(payments)
      .values({
        userId: m.id,
        planId: 'individualMonthly',
        kind: 'renewal',
        amountCents: 2999,
        gateway: 'sandbox',
        status: 'pending',
        periodStart: m.renewsAt,
        attempt: 1,
        gatewayKey,
      })
      .returning();
    const token = (await membership(m.id)).gatewayToken!;
    if (charged)
      await app.ctx.gateway.chargeSaved(token, { amountCents: 2999, currency: 'USD', description: 'renewal', idempotencyKey: gatewayKey });
    return { ...m, gatewayKey, payment: payment! };
  };
  const chargesFor = async (id: string) =>
    (
      await app.ctx.db
        .select()
        .from(sandboxGatewayCharges)
        .where(like(sandboxGatewayCharges.idempotencyKey, `renewal:${id}:%`))
    ).filter((c) => c.result.ok && !c.voidedAt);

  it('#27 does not charge twice for a period whose try is already in the ledger (a crash after charging)', async () => {
    const { id, renewsAt } = await crashedRenewal(true);
    await runRenewals(app.ctx, addDays(renewsAt, 0.01));
    expect(await renewals(id)).toHaveLength(1);
    expect(await chargesFor(id)).toHaveLength(1);
  });

  it('#27 reconciliation completes a renewal that crashed after the charge: paid once, dates moved on, receipt sent', async () => {
    const { id, email, renewsAt } = await crashedRenewal(true);
    const when = addDays(renewsAt, 0.01);
    await runBillingJobs(app.ctx, when);
    await runBillingJobs(app.ctx, addDays(renewsAt, 0.02));
    expect((await renewals(id)).map((r) => [r.status, r.attempt])).toEqual([['succeeded', 1]]);
    expect(await chargesFor(id)).toHaveLength(1);
    const user = await userRow(id);
    expect(user.subscriptionStatus).toBe('active');
    expect(user.nextSubscriptionRenewDate!.getTime()).toBe(addDays(renewsAt, 30).getTime());
    expect((await membership(id)).nextChargeAt!.getTime()).toBe(addDays(renewsAt, 30).getTime());
    await app.ctx.mail.deliverDue();
    expect((await mailFor(app, email)).filter((m) => m.kind === 'receipt')).toHaveLength(2);
  });

  it('#27 reconciliation of a renewal the gateway never charged leaves the member past due, never active and unpaid, and the retry charges once', async () => {
    const { id, gatewayKey, renewsAt } = await crashedRenewal(false);
    await runReconciliation(app.ctx, { now: addDays(renewsAt, 0.01), olderThanMs: 0 });
    expect((await renewals(id)).map((r) => [r.status, r.attempt])).toEqual([['failed', 1]]);
    expect((await userRow(id)).subscriptionStatus).toBe('past_due');
    expect((await membership(id)).nextChargeAt!.getTime()).toBe(addDays(renewsAt, 1).getTime());
    // The dead run's try can never charge later.
    const token = (await membership(id)).gatewayToken!;
    expect(
      (await app.ctx.gateway.chargeSaved(token, { amountCents: 2999, currency: 'USD', description: 'late', idempotencyKey: gatewayKey }))
        .ok,
    ).toBe(false);
    await runRenewals(app.ctx, addDays(renewsAt, 1.01));
    expect((await userRow(id)).subscriptionStatus).toBe('active');
    expect(await chargesFor(id)).toHaveLength(1);
  });

  it('#27 reconciliation of a renewal that crashed after the charge, for a member cancelled since, voids the charge and keeps the cancellation', async () => {
    const { id, renewsAt } = await crashedRenewal(true);
    await app.ctx.db.update(users).set({ subscriptionStatus: 'cancelled' }).where(eq(users.id, id));
    await runReconciliation(app.ctx, { now: addDays(renewsAt, 0.01), olderThanMs: 0 });
    expect((await renewals(id)).map((r) => [r.status, r.attempt])).toEqual([['voided', 1]]);
    expect(await chargesFor(id)).toHaveLength(0);
    expect((await userRow(id)).subscriptionStatus).toBe('cancelled');
    expect((await membership(id)).nextChargeAt).toBeNull();
  });

  it('turns a declined renewal past_due, retries after 1, 3 and 5 days, then expires it, e-mailing each step', async () => {
    // 4000 0000 0000 0341 approves now and declines every later charge.
    const { id, email, renewsAt } = await member('4000000000000341');
    const steps: Array<[number, string, number | null]> = [
      [0.01, 'past_due', 1],
      [1.01, 'past_due', 3],
      [3.01, 'past_due', 5],
      [5.01, 'expired', null],
    ];
    for (const [day, status, nextRetryDay] of steps) {
      await runRenewals(app.ctx, addDays(renewsAt, day));
      expect((await userRow(id)).subscriptionStatus).toBe(status);
      const next = (await membership(id)).nextChargeAt;
      expect(next?.getTime() ?? null).toBe(nextRetryDay === null ? null : addDays(renewsAt, nextRetryDay).getTime());
    }
    expect((await renewals(id)).map((r) => [r.status, r.attempt, r.failureCode])).toEqual(
      expect.arrayContaining([
        ['failed', 1, 'card_declined'],
        ['failed', 2, 'card_declined'],
        ['failed', 3, 'card_declined'],
        ['failed', 4, 'card_declined'],
      ]),
    );
    // Later runs leave an expired membership alone.
    await runRenewals(app.ctx, addDays(renewsAt, 40));
    expect(await renewals(id)).toHaveLength(4);
    await app.ctx.mail.deliverDue();
    const kinds = (await mailFor(app, email)).map((m) => m.kind);
    expect(kinds.filter((k) => k === 'renewal-declined')).toHaveLength(3);
    expect(kinds.filter((k) => k === 'membership-expired')).toHaveLength(1);
  });

  it('recovers a past-due membership when a retry succeeds, keeping the billing date', async () => {
    const { id, renewsAt } = await member();
    await app.ctx.db
      .update(memberships)
      .set({ failedRenewals: 1, nextChargeAt: addDays(renewsAt, 1) })
      .where(eq(memberships.userId, id));
    await app.ctx.db.update(users).set({ subscriptionStatus: 'past_due' }).where(eq(users.id, id));
    await runRenewals(app.ctx, addDays(renewsAt, 1.01));
    const user = await userRow(id);
    expect(user.subscriptionStatus).toBe('active');
    expect(user.nextSubscriptionRenewDate!.getTime()).toBe(addDays(renewsAt, 30).getTime());
    expect((await renewals(id)).map((r) => [r.status, r.attempt])).toEqual([['succeeded', 2]]);
  });

  it("rewrites each renewed member in the page it lies in, so none of the patients' indexes gains an entry (decision 038)", async () => {
    // Members who signed up together lie together and renew together: enough to fill pages, seeded
    // in one statement as a busy sign-up day leaves them.
    const due = new Date(Date.now() - 60_000);
    const seeded = await queryRows<{ id: string }>(
      app.ctx.db,
      sql`INSERT INTO users (email, password_hash, first_name, last_name, customer_id, verified, subscription_status, subscription_plan,
          subscription_amount_cents, subscription_start_date, next_subscription_renew_date, subscription_end_date)
        SELECT 'page' || g || '-' || ${randomUUID()} || '@example.com', 'x', 'Page', 'Member', 'CONS-P' || g || '-' || ${randomUUID()}, true, 'active',
          'individualMonthly', 2999, ${addDays(due, -30).toISOString()}::timestamptz, ${due.toISOString()}::timestamptz, ${due.toISOString()}::timestamptz
        FROM generate_series(1, 80) AS g
        RETURNING id`,
    );
    const ids = seeded.map((row) => row.id);
    await app.ctx.db.insert(memberships).values(ids.map((userId) => ({ userId, gatewayToken: 'sbx_pm_page', nextChargeAt: due })));
    const pages = async () =>
      new Map(
        (
          await queryRows<{ id: string; page: number }>(
            app.ctx.db,
            sql`SELECT id, (ctid::text::point)[0]::int AS page FROM users WHERE id IN ${ids}`,
          )
        ).map((r) => [r.id, r.page]),
      );
    const before = await pages();
    await runRenewals(app.ctx, new Date());
    for (const id of ids) expect((await userRow(id)).nextSubscriptionRenewDate!.getTime()).toBe(addDays(due, 30).getTime());
    // A new version in the same page, with no indexed column changed, is a heap-only tuple.
    const moved = [...(await pages())].filter(([id, page]) => before.get(id) !== page);
    expect(moved).toEqual([]);
  });

  it('never charges a one-time visit, and expires it 30 days after purchase', async () => {
    const { id } = await member('4242424242424242', 'oneTimeVisit');
    const bought = (await userRow(id)).subscriptionStartDate!;
    expect((await userRow(id)).subscriptionEndDate!.getTime()).toBe(addDays(bought, 30).getTime());
    await runBillingJobs(app.ctx, addDays(bought, 29.9));
    expect((await userRow(id)).subscriptionStatus).toBe('active');
    await runBillingJobs(app.ctx, addDays(bought, 30.01));
    expect((await userRow(id)).subscriptionStatus).toBe('expired');
    await runRenewals(app.ctx, addDays(new Date(), 400));
    expect(await renewals(id)).toHaveLength(0);
  });
});

/**
 * A change of a membership's status, plan or amount and a renewal of it take turns: an admin's edit
 * is refused while the renewal charges (the sandbox gateway held by its latency), and a change that
 * reaches the row anyway (a writer that does not wait) is kept, the charge voided and recorded.
 */
describe('a membership changed while its renewal charges', () => {
  let app: App;
  let admin: string;
  beforeAll(async () => {
    app = await createTestApp({ ...adminEnv, SANDBOX_GATEWAY_LATENCY_MS: '2500' });
    admin = (await signedInAdmin(app)).token;
  });
  afterAll(() => app.close());

  const dueMember = () => insertDueMember(app);
  const renewals = async (id: string) =>
    (await app.ctx.db.select().from(payments).where(eq(payments.userId, id))).filter((r) => r.kind === 'renewal');
  /** The renewal job started and held by the gateway: its try is in the ledger, its charge not answered yet. */
  const renewalHeld = async (id: string) => {
    const running = runRenewals(app.ctx);
    await eventually('the renewal try', async () => (await renewals(id)).find((r) => r.status === 'pending'));
    // Wrapped: an async function returning the promise itself would wait for it.
    return { running };
  };
  const userRow = async (id: string) => (await app.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
  const membership = async (id: string) => (await app.ctx.db.select().from(memberships).where(eq(memberships.userId, id)))[0]!;
  const charges = (id: string) =>
    app.ctx.db
      .select()
      .from(sandboxGatewayCharges)
      .where(like(sandboxGatewayCharges.idempotencyKey, `renewal:${id}:%`));
  const adminView = async (email: string) =>
    ((await api(app).get(`/api/admin/search?email=${encodeURIComponent(email)}`, admin)).body.content as AdminUser[])[0]!;
  const save = (view: AdminUser, change: Partial<AdminUser>) =>
    api(app).put(`/api/admin/users/${view.id}`, { ...view, ...change, reason: 'Asked by the member' }, admin);

  it("#27 refuses an admin's change of status, plan or amount (409) while the renewal charges; a cancellation after it sticks and clears the next charge, and undoing it books the next one again", async () => {
    const m = await dueMember();
    const view = await adminView(m.email);
    const { running } = await renewalHeld(m.id);
    for (const change of [
      { subscriptionStatus: 'cancelled' },
      { subscriptionPlan: 'familyMonthly' },
      { subscriptionAmount: 19.99 },
    ] as const) {
      const refused = await save(view, change);
      expect([refused.status, refused.body.message, refused.headers['retry-after']]).toEqual([409, messages.renewalInFlight, '60']);
    }
    // Other fields are no concern of renewals.
    expect((await save(view, { firstName: 'Robin' })).status).toBe(200);
    expect((await renewals(m.id)).map((r) => r.status)).toEqual(['pending']);
    expect(await running).toMatchObject({ renewed: 1, voided: 0 });
    expect((await userRow(m.id)).subscriptionStatus).toBe('active');

    const cancelled = await save(await adminView(m.email), { subscriptionStatus: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect((await membership(m.id)).nextChargeAt).toBeNull();
    await runRenewals(app.ctx, addDays(m.renewsAt, 40));
    expect((await renewals(m.id)).map((r) => [r.status, r.amountCents])).toEqual([['succeeded', 2999]]);
    expect((await userRow(m.id)).subscriptionStatus).toBe('cancelled');

    // Undoing the cancellation books the next charge for the end of the paid period again.
    const reactivated = await save(await adminView(m.email), { subscriptionStatus: 'active' });
    expect(reactivated.status).toBe(200);
    const paidUntil = (await userRow(m.id)).nextSubscriptionRenewDate!;
    expect((await membership(m.id)).nextChargeAt?.getTime()).toBe(paidUntil.getTime());
  });

  it('#27 voids the charge of a membership cancelled while the gateway answered, records it in the ledger and keeps the cancellation', async () => {
    const m = await dueMember();
    const { running } = await renewalHeld(m.id);
    // A writer that does not wait for renewals (a fix in SQL) cancels meanwhile.
    await app.ctx.db.update(users).set({ subscriptionStatus: 'cancelled' }).where(eq(users.id, m.id));
    expect(await running).toMatchObject({ renewed: 0, voided: 1 });
    const [voided] = await renewals(m.id);
    expect([voided!.status, voided!.amountCents, voided!.gatewayReference?.startsWith('sbx_ch_')]).toEqual(['voided', 2999, true]);
    expect((await charges(m.id)).map((c) => c.voidedAt !== null)).toEqual([true]);
    const user = await userRow(m.id);
    expect([user.subscriptionStatus, user.nextSubscriptionRenewDate!.getTime()]).toEqual(['cancelled', m.renewsAt.getTime()]);
    expect(await membership(m.id)).toMatchObject({ nextChargeAt: null, lockedUntil: null });
    await app.ctx.mail.deliverDue();
    expect((await mailFor(app, m.email)).filter((mail) => mail.kind === 'receipt')).toHaveLength(0);
  });

  it('#27 voids the charge of a membership moved to another plan meanwhile; the next run charges the new plan once', async () => {
    const m = await dueMember();
    const { running } = await renewalHeld(m.id);
    await app.ctx.db.update(users).set({ subscriptionPlan: 'familyMonthly', subscriptionAmountCents: 4999 }).where(eq(users.id, m.id));
    expect(await running).toMatchObject({ voided: 1 });
    await runRenewals(app.ctx);
    expect((await renewals(m.id)).map((r) => [r.status, r.planId, r.amountCents, r.attempt]).sort()).toEqual([
      ['succeeded', 'familyMonthly', 4999, 2],
      ['voided', 'individualMonthly', 2999, 1],
    ]);
    expect((await charges(m.id)).filter((c) => c.result.ok && !c.voidedAt)).toHaveLength(1);
    expect((await userRow(m.id)).nextSubscriptionRenewDate!.getTime()).toBe(addDays(m.renewsAt, 30).getTime());
  });
});
