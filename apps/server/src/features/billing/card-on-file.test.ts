import { randomUUID } from 'node:crypto';
import { messages } from '@app/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberships, payments, users } from '../../db/schema';
import { cardPaymentBody, insertDueMember, signedInMember, signedInPatient, useTestApp } from '../../test/harness';
import { openSession } from '../auth';
import { findUserById } from '../users';

const server = useTestApp();

const updateCard = (token: string, body: unknown, key: string = randomUUID()) =>
  server.http.put('/api/users/me/card', body, token, { 'idempotency-key': key });

/** A member whose renewal was declined once: past due, its retry waiting, on a card that declines. */
async function pastDueMember() {
  const member = await insertDueMember(server.app);
  const { db, config } = server.app.ctx;
  await db.update(users).set({ subscriptionStatus: 'past_due' }).where(eq(users.id, member.id));
  await db
    .update(memberships)
    .set({ gatewayToken: 'sbx_pm_declines_old', failedRenewals: 1, nextChargeAt: new Date(Date.now() + 86_400_000) })
    .where(eq(memberships.userId, member.id));
  const session = await openSession(db, config.jwtSecret, (await findUserById(db, member.id))!, { rememberMe: false });
  return { ...member, token: session.token };
}

const renewalsOf = (userId: string) =>
  server.app.ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.kind, 'renewal')));
const membershipOf = async (userId: string) =>
  (await server.app.ctx.db.select().from(memberships).where(eq(memberships.userId, userId)))[0]!;

describe('PUT /api/users/me/card', () => {
  it("retries a past-due member's failed renewal on the new card at once, and renewals use that card from then on", async () => {
    const member = await pastDueMember();
    const res = await updateCard(member.token, cardPaymentBody('5555555555554444'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: messages.cardUpdatedAndPaid,
      subscriptionStatus: 'active',
      card: { brand: 'Mastercard', last4: '4444' },
    });
    expect(res.headers['cache-control']).toBe('no-store');

    const [renewal, ...more] = await renewalsOf(member.id);
    expect(more).toEqual([]);
    expect(renewal).toMatchObject({ status: 'succeeded', amountCents: 2999, attempt: 2, periodStart: member.renewsAt });
    const user = (await findUserById(server.app.ctx.db, member.id))!;
    expect([user.subscriptionStatus, user.cardBrand, user.cardLast4]).toEqual(['active', 'Mastercard', '4444']);
    const membership = await membershipOf(member.id);
    expect(membership.gatewayToken).toMatch(/^sbx_pm_(?!declines_)/);
    expect(membership.failedRenewals).toBe(0);
  });

  it('charges a past-due renewal once when the same update is sent twice at once, and once more with a new key', async () => {
    const member = await pastDueMember();
    const key = randomUUID();
    const body = cardPaymentBody();
    const [first, second] = await Promise.all([updateCard(member.token, body, key), updateCard(member.token, body, key)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body).toEqual(first.body);
    const again = await updateCard(member.token, body);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(messages.cardUpdated);

    const charged = (await renewalsOf(member.id)).filter((p) => p.status === 'succeeded');
    expect(charged).toHaveLength(1);
  });

  it('refuses a declined card with 402 and changes nothing', async () => {
    const member = await pastDueMember();
    const before = await membershipOf(member.id);
    const res = await updateCard(member.token, cardPaymentBody('4000000000000002'));
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ message: messages.declined.card_declined, code: 'card_declined' });
    expect(await membershipOf(member.id)).toEqual(before);
    expect(await renewalsOf(member.id)).toEqual([]);
    expect((await findUserById(server.app.ctx.db, member.id))!.subscriptionStatus).toBe('past_due');
  });

  it('says so when the past-due renewal is declined on the new card, which is kept', async () => {
    const member = await pastDueMember();
    // Approves when checked, declines when charged later (a card network's test card).
    const res = await updateCard(member.token, cardPaymentBody('4000000000000341'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: messages.cardUpdatedRetryDeclined, subscriptionStatus: 'past_due' });
    expect((await renewalsOf(member.id)).map((p) => p.status)).toEqual(['failed']);
  });

  it('replaces the card of an active member without charging it', async () => {
    const member = await signedInMember(server.app);
    const id = member.user.id as string;
    await server.app.ctx.db
      .insert(memberships)
      .values({ userId: id, gatewayToken: 'sbx_pm_old', nextChargeAt: new Date(Date.now() + 86_400_000) });
    const res = await updateCard(member.token, cardPaymentBody());
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(messages.cardUpdated);
    expect((await membershipOf(id)).gatewayToken).not.toBe('sbx_pm_old');
    expect(await renewalsOf(id)).toEqual([]);
  });

  it('refuses a patient without a monthly membership, a body that breaks the checkout rules, and a missing key', async () => {
    const patient = await signedInPatient(server.app);
    const none = await updateCard(patient.token, cardPaymentBody());
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(messages.cardUpdateNeedsMembership);

    const member = await pastDueMember();
    const bad = cardPaymentBody('4242424242424241');
    expect((await updateCard(member.token, bad)).status).toBe(400);
    const noKey = await server.http.put('/api/users/me/card', cardPaymentBody(), member.token);
    expect(noKey.status).toBe(400);
    expect(noKey.body.message).toBe(messages.idempotencyKeyRequired);
    expect(await renewalsOf(member.id)).toEqual([]);
  });
});
