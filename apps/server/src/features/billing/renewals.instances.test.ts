import { addDays, messages, type AdminUser } from '@app/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships, payments, users } from '../../db/schema';
import { eventually, insertDueMember, insertPatient, signedInAdmin } from '../../test/harness';
import { call } from '../../test/instances';
import { useInstancesOnOnePostgres } from '../../test/instances-on-postgres';

/**
 * A renewal charging on one server process and an admin's edit of the same membership on another,
 * on one Postgres database: the edit waits its turn through the database, not a process's memory.
 * An in-process app on the same database inserts the rows and reads the tables.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a renewal and an admin edit on two server instances (TEST_DATABASE_URL only)', () => {
  const cluster = useInstancesOnOnePostgres();
  const start = cluster.start;

  const renewals = async (id: string) =>
    (await cluster.helper.ctx.db.select().from(payments).where(eq(payments.userId, id))).filter((r) => r.kind === 'renewal');

  it("#27 refuses an admin's cancellation on one instance (409) while the other charges the renewal; made after it, the cancellation sticks and clears the next charge", async () => {
    const { user: adminUser } = await insertPatient(cluster.helper);
    await cluster.helper.ctx.db
      .update(users)
      .set({ roles: ['ROLE_USER', 'ROLE_ADMIN'] })
      .where(eq(users.id, adminUser.id));
    const auth = { authorization: `Bearer ${(await signedInAdmin(cluster.helper, adminUser.email)).token}` };
    const m = await insertDueMember(cluster.helper);

    // Its billing run at start claims the membership and charges it; the gateway holds the answer
    // until the other instance has started (whose own run then finds the membership claimed) and
    // refused the edit.
    const hold = cluster.holdCharges();
    await start(hold.env);
    await eventually('the renewal try', async () => (await renewals(m.id)).find((r) => r.status === 'pending'), 60_000);
    const editing = await start();
    const view = (await call(editing.url, 'GET', `/api/admin/search?email=${encodeURIComponent(m.email)}`, undefined, auth)).body
      .content as AdminUser[];
    const cancel = () =>
      call(
        editing.url,
        'PUT',
        `/api/admin/users/${m.id}`,
        { ...view[0], subscriptionStatus: 'cancelled', reason: 'Asked by the member' },
        auth,
      );
    const refused = await cancel();
    expect([refused.status, refused.body.message]).toEqual([409, messages.renewalInFlight]);
    expect((await renewals(m.id)).map((r) => r.status)).toEqual(['pending']);

    hold.release();
    await eventually('the renewal to settle', async () => (await renewals(m.id)).find((r) => r.status !== 'pending'), 30_000);
    expect((await renewals(m.id)).map((r) => [r.status, r.amountCents])).toEqual([['succeeded', 2999]]);
    expect((await cancel()).status).toBe(200);
    const [user] = await cluster.helper.ctx.db.select().from(users).where(eq(users.id, m.id));
    expect(user?.subscriptionStatus).toBe('cancelled');
    const [membership] = await cluster.helper.ctx.db.select().from(memberships).where(eq(memberships.userId, m.id));
    expect(membership?.nextChargeAt).toBeNull();
    // Two server processes start from source: more than a test's usual budget.
  }, 120_000);

  it("refuses a member's own cancellation on one instance (409) while the other charges the renewal; after it, the cancellation ends the membership a period on", async () => {
    // Only this test's instances charge. The one the member uses starts first, before the membership is
    // due; both gateways hold their answers, so whichever instance claims the renewal, it is in flight
    // when the member asks.
    for (const instance of cluster.running) instance.kill();
    const hold = cluster.holdCharges();
    const editing = await start(hold.env);
    const m = await insertDueMember(cluster.helper);
    const member = { authorization: `Bearer ${m.token}` };
    await start(hold.env);
    await eventually('the renewal try', async () => (await renewals(m.id)).find((r) => r.status === 'pending'), 90_000);
    const cancel = () => call(editing.url, 'POST', '/api/users/me/membership/cancellation', { reason: 'Moving' }, member);
    const refused = await cancel();
    expect([refused.status, refused.body.message]).toEqual([409, messages.renewalInFlight]);
    const [before] = await cluster.helper.ctx.db.select().from(memberships).where(eq(memberships.userId, m.id));
    expect(before?.cancelAt).toBeNull();

    hold.release();
    await eventually('the renewal to settle', async () => (await renewals(m.id)).find((r) => r.status !== 'pending'), 30_000);
    const accepted = await cancel();
    expect(accepted.status).toBe(200);
    const [after] = await cluster.helper.ctx.db.select().from(memberships).where(eq(memberships.userId, m.id));
    // Renewed for the period from its due date; the notice period keeps the next renewal, so the end is one more period on.
    expect(after?.cancelAt?.getTime()).toBe(addDays(m.renewsAt, 60).getTime());
  }, 180_000);
});
