import { randomUUID } from 'node:crypto';
import { messages } from '@app/shared';
import { eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys, payments, sandboxGatewayCharges, users } from '../../db/schema';
import { runReconciliation } from '.';
import { api, checkoutBody, mailFor, signedInPatient, useTestApp } from '../../test/harness';
import { claimIdempotencyKey, findIdempotencyKey } from './repository';

const DECLINED = '4000000000000002';

describe('money under attack: checkout', () => {
  const server = useTestApp({ TRUST_PROXY: '1', LOG_LEVEL: 'error' });

  /** Each test pays from its own address, so the per-IP card-testing count stays its own. */
  const pay = (userId: string, token: string, body: unknown, key: string = randomUUID(), ip = '203.0.113.1') =>
    server.http.put(`/api/users/${userId}/subscription`, body, token, { 'idempotency-key': key, 'x-forwarded-for': ip });
  const patient = async () => {
    const p = await signedInPatient(server.app);
    return { ...p, id: p.user.id as string };
  };
  const ledger = (userId: string) => server.app.ctx.db.select().from(payments).where(eq(payments.userId, userId));
  const gatewayCharges = (userId: string) =>
    server.app.ctx.db
      .select()
      .from(sandboxGatewayCharges)
      .where(like(sandboxGatewayCharges.idempotencyKey, `checkout:${userId}:%`));

  it('#26 20 parallel checkouts by one patient with 20 different keys charge once; the others get 409', async () => {
    const { id, token } = await patient();
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(id, token, checkoutBody(), randomUUID(), '203.0.113.10')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array<number>(19).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect([messages.paymentAlreadyInFlight, messages.paymentAlreadyActive]).toContain(refused.body.message);
    }
    expect((await ledger(id)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
    expect(await gatewayCharges(id)).toHaveLength(1);
  });

  it('#26 the database itself refuses a second in-flight checkout attempt for a patient', async () => {
    const { id } = await patient();
    const attempt = { userId: id, planId: 'individualMonthly', kind: 'checkout', amountCents: 2999, gateway: 'sandbox', status: 'pending' };
    await server.app.ctx.db.insert(payments).values(attempt);
    await expect(server.app.ctx.db.insert(payments).values(attempt)).rejects.toThrow();
  });

  it('#26 a checkout refused while another is in flight gets 409 with Retry-After, and its key stays usable', async () => {
    const { id, token } = await patient();
    const [other] = await server.app.ctx.db
      .insert(payments)
      .values({ userId: id, planId: 'individualMonthly', kind: 'checkout', amountCents: 2999, gateway: 'sandbox', status: 'pending' })
      .returning();
    const key = randomUUID();
    const refused = await pay(id, token, checkoutBody(), key);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(messages.paymentAlreadyInFlight);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await server.app.ctx.db.update(payments).set({ status: 'failed' }).where(eq(payments.id, other!.id));
    expect((await pay(id, token, checkoutBody(), key)).status).toBe(200);
  });

  const nul = 'Avery\u0000Stone';
  const loneSurrogate = 'Avery \uD800 Stone';
  const body = checkoutBody();
  it.each([
    ['a NUL byte in the street', { billingAddress: { ...body.billingAddress, street: `500${nul}` } }],
    ['a NUL byte in the billing city', { billingAddress: { ...body.billingAddress, city: nul } }],
    ['a NUL byte in the billing country', { billingAddress: { ...body.billingAddress, country: nul } }],
    ['a NUL byte in the name on card', { card: { cardholderName: nul } }],
    ['a lone surrogate in the name on card', { card: { cardholderName: loneSurrogate } }],
    ['a lone surrogate in the contact name', { contact: { ...body.contact, fullName: loneSurrogate } }],
    ['a NUL byte in the contact e-mail', { contact: { ...body.contact, email: 'a\u0000@example.com' } }],
    ['a NUL byte in the phone', { contact: { ...body.contact, phone: '(314) 555-0100\u0000' } }],
    ['a NUL byte in an ignored field', { planName: nul }],
    ['a NUL byte in the plan id', { planId: 'individualMonthly\u0000' }],
    ['an over-long street', { billingAddress: { ...body.billingAddress, street: 'x'.repeat(201) } }],
    ['an over-long name on card', { card: { cardholderName: 'x'.repeat(201) } }],
    ['an over-long ignored date', { subscriptionStartDate: 'x'.repeat(65) }],
    ['an over-long plan id', { planId: 'x'.repeat(10_000) }],
    ['an unknown plan', { planId: 'gold' }],
  ])('#22 refuses %s with a 4xx before the gateway is called', async (_name, change) => {
    const { id, token } = await patient();
    const res = await pay(id, token, checkoutBody(change));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.body.message).toBe('string');
    expect(await ledger(id)).toHaveLength(0);
    expect(await gatewayCharges(id)).toHaveLength(0);
    // The account is not stuck: the next honest checkout goes through.
    expect((await pay(id, token, checkoutBody())).status).toBe(200);
  });

  it('#22 names the unsupported characters in its message', async () => {
    const { id, token } = await patient();
    const res = await pay(id, token, checkoutBody({ card: { cardholderName: nul } }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.invalidCharacters);
  });

  it('#5 card testing: a 6th declined card within the hour for one patient → 429 with Retry-After, before the gateway', async () => {
    const { id, token } = await patient();
    const ip = '203.0.113.20';
    for (let i = 0; i < 5; i++)
      expect((await pay(id, token, checkoutBody({ card: { cardNumber: DECLINED } }), randomUUID(), ip)).status).toBe(402);
    const limited = await pay(id, token, checkoutBody(), randomUUID(), ip);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(messages.cardAttemptsLimited);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await ledger(id)).toHaveLength(5);
    expect(await gatewayCharges(id)).toHaveLength(5);
    // Another patient from another address is not affected.
    const other = await patient();
    expect((await pay(other.id, other.token, checkoutBody(), randomUUID(), '203.0.113.21')).status).toBe(200);
  });

  it('#5 card testing: 20 declines from one IP within the hour → the 21st checkout from that IP is refused with 429', async () => {
    const ip = '203.0.113.30';
    for (let p = 0; p < 4; p++) {
      const { id, token } = await patient();
      for (let i = 0; i < 5; i++)
        expect((await pay(id, token, checkoutBody({ card: { cardNumber: DECLINED } }), randomUUID(), ip)).status).toBe(402);
    }
    const fresh = await patient();
    const limited = await pay(fresh.id, fresh.token, checkoutBody(), randomUUID(), ip);
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(await ledger(fresh.id)).toHaveLength(0);
    // The refused key was not used up: the same key works from another address.
    expect((await pay(fresh.id, fresh.token, checkoutBody(), randomUUID(), '203.0.113.31')).status).toBe(200);
  });
});

describe('money under attack: an attempt cut short after the charge', () => {
  const server = useTestApp();
  const patient = async () => {
    const p = await signedInPatient(server.app);
    return { ...p, id: p.user.id as string };
  };

  /**
   * A checkout that died between the gateway's charge and our commit: the ledger row is pending,
   * the gateway holds the charge, the key has no answer.
   */
  const diedAfterCharge = async (cardNumber = '4242424242424242') => {
    const p = await patient();
    const key = randomUUID();
    const gatewayKey = `checkout:${p.id}:${key}`;
    await server.app.ctx.db.insert(payments).values({
      userId: p.id,
      planId: 'individualMonthly',
      kind: 'checkout',
      amountCents: 2999,
      gateway: 'sandbox',
      status: 'pending',
      cardLast4: cardNumber.slice(-4),
      gatewayKey,
      clientKey: key,
      details: {
        billingStreet: '500 Market St',
        billingCity: 'Saint Louis',
        billingState: 'MO',
        billingZip: '63101',
        billingCountry: 'United States',
        cardholderName: 'Avery Stone',
        cardExpiry: '12/40',
      },
      createdAt: new Date(Date.now() - 120_000),
    });
    await claimIdempotencyKey(server.app.ctx.db, p.id, key, 'unknown');
    await server.app.ctx.gateway.chargeCard(
      { number: cardNumber, expMonth: 12, expYear: 2040, cvc: '123', holderName: 'Avery Stone' },
      { amountCents: 2999, currency: 'USD', description: 'test', idempotencyKey: gatewayKey },
    );
    return { ...p, key, gatewayKey };
  };
  const status = async (id: string) => (await server.app.ctx.db.select().from(users).where(eq(users.id, id)))[0]!.subscriptionStatus;
  const ledger = (id: string) => server.app.ctx.db.select().from(payments).where(eq(payments.userId, id));

  it('reconciliation completes a charged attempt: membership active, receipt in the outbox, the key answers 200', async () => {
    const { id, body, key } = await diedAfterCharge();
    await runReconciliation(server.app.ctx);
    expect(await status(id)).toBe('active');
    expect((await ledger(id)).map((p) => p.status)).toEqual(['succeeded']);
    expect((await mailFor(server.app, body.email)).map((m) => m.kind)).toContain('receipt');
    expect((await findIdempotencyKey(server.app.ctx.db, id, key))!.responseOutcome).toBe('ok');
    // Running again changes nothing.
    expect(await runReconciliation(server.app.ctx)).toBe(0);
  });

  it('reconciliation voids an attempt the gateway never charged, and that key can then never charge', async () => {
    const { id } = await patient();
    const gatewayKey = `checkout:${id}:never-charged`;
    await server.app.ctx.db.insert(payments).values({
      userId: id,
      planId: 'individualMonthly',
      kind: 'checkout',
      amountCents: 2999,
      gateway: 'sandbox',
      status: 'pending',
      gatewayKey,
      createdAt: new Date(Date.now() - 120_000),
    });
    await runReconciliation(server.app.ctx);
    expect((await ledger(id)).map((p) => [p.status, p.failureCode])).toEqual([['failed', 'processing_error']]);
    expect(await status(id)).toBe('pending');
    const late = await server.app.ctx.gateway.chargeCard(
      { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123', holderName: 'Avery Stone' },
      { amountCents: 2999, currency: 'USD', description: 'late', idempotencyKey: gatewayKey },
    );
    expect(late.ok).toBe(false);
  });

  it('leaves attempts younger than the threshold alone (a request may still be on its way)', async () => {
    const { id } = await patient();
    await server.app.ctx.db.insert(payments).values({
      userId: id,
      planId: 'individualMonthly',
      kind: 'checkout',
      amountCents: 2999,
      gateway: 'sandbox',
      status: 'pending',
      gatewayKey: `checkout:${id}:young`,
    });
    await runReconciliation(server.app.ctx);
    expect((await ledger(id)).map((p) => p.status)).toEqual(['pending']);
    await runReconciliation(server.app.ctx, { olderThanMs: 0 });
    expect((await ledger(id)).map((p) => p.status)).toEqual(['failed']);
  });

  it("counts an attempt recorded within the cut-off's own millisecond as old enough", async () => {
    const { id } = await patient();
    const [attempt] = await server.app.ctx.db
      .insert(payments)
      .values({ userId: id, planId: 'individualMonthly', kind: 'checkout', amountCents: 2999, gateway: 'sandbox', status: 'pending' })
      .returning();
    // The column keeps microseconds, which a JavaScript time cannot name.
    const cutOff = new Date(Date.now() - 60_000);
    await server.app.ctx.db.execute(
      sql`UPDATE payments SET created_at = ${cutOff.toISOString()}::timestamptz + interval '500 microseconds' WHERE id = ${attempt!.id}`,
    );
    expect(await runReconciliation(server.app.ctx, { now: cutOff, olderThanMs: 0 })).toBe(1);
    expect((await ledger(id)).map((p) => p.status)).toEqual(['failed']);
  });

  it('#26 a replayed key whose request died resolves to the recorded outcome, never a permanent 409', async () => {
    const p = await patient();
    const key = randomUUID();
    const http = api(server.app);
    const first = checkoutBody();
    // The first request dies after the charge: simulate by charging, then stripping its answer and
    // putting the attempt back to pending, aged past the threshold.
    expect((await http.put(`/api/users/${p.id}/subscription`, first, p.token, { 'idempotency-key': key })).status).toBe(200);
    await server.app.ctx.db
      .update(idempotencyKeys)
      .set({ responseOutcome: null, responseBody: null, createdAt: new Date(Date.now() - 120_000) })
      .where(eq(idempotencyKeys.key, key));
    await server.app.ctx.db.update(payments).set({ status: 'pending' }).where(eq(payments.userId, p.id));
    await server.app.ctx.db.update(users).set({ subscriptionStatus: 'pending' }).where(eq(users.id, p.id));
    const again = await http.put(`/api/users/${p.id}/subscription`, first, p.token, { 'idempotency-key': key });
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await status(p.id)).toBe('active');
    expect((await ledger(p.id)).map((r) => r.status)).toEqual(['succeeded']);
    const charges = await server.app.ctx.db
      .select()
      .from(sandboxGatewayCharges)
      .where(like(sandboxGatewayCharges.idempotencyKey, `checkout:${p.id}:%`));
    expect(charges).toHaveLength(1);
  });
});
