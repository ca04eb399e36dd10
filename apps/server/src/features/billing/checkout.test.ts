import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { messages } from '@app/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { memberships, payments, users } from '../../db/schema';
import { api, checkoutBody, createTestApp, mailFor, signedInPatient } from '../../test/harness';

const CENTRAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}-0[56]:00$/;

/**
 * One server for the whole file. It logs everything (trace) into `logText`, for the test that looks
 * for card data in the logs, which thereby reads the log lines of every checkout the file has made.
 */
const server = {} as { app: App; http: ReturnType<typeof api> };
let logText = '';
beforeAll(async () => {
  const logs = new PassThrough();
  logs.on('data', (chunk: Buffer) => (logText += chunk.toString()));
  server.app = await createTestApp({ LOG_LEVEL: 'trace' }, { logStream: logs });
  server.http = api(server.app);
});
afterAll(() => server.app.close());

describe('PUT /api/users/{id}/subscription', () => {
  const pay = (userId: string, token: string, body: unknown, key: string = randomUUID()) =>
    server.http.put(`/api/users/${userId}/subscription`, body, token, { 'idempotency-key': key });
  const patient = async () => {
    const p = await signedInPatient(server.app);
    return { ...p, id: p.user.id as string };
  };
  const ledger = (userId: string) => server.app.ctx.db.select().from(payments).where(eq(payments.userId, userId));
  const userRow = async (id: string) => (await server.app.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

  it('charges 4242… the catalogue price and makes the membership active for 30 days, in US Central time', async () => {
    const { id, token, body } = await patient();
    const res = await pay(id, token, checkoutBody());
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(messages.paymentSuccess);
    const user = res.body.user as Record<string, string>;
    expect(user).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionPlan: 'individualMonthly',
      subscriptionAmount: 29.99,
      methodOfSubscription: 'online',
    });
    expect(user.subscriptionStartDate).toMatch(CENTRAL_ISO);
    expect(user.nextSubscriptionRenewDate).toMatch(CENTRAL_ISO);
    expect(user.subscriptionEndDate).toBe(user.nextSubscriptionRenewDate);
    expect(user.cardDetails).toEqual({
      cardholderName: 'Avery Stone',
      last4: '4242',
      expiry: checkoutBody().cardDetails.expiry,
      brand: 'Visa',
    });
    const days = (Date.parse(user.nextSubscriptionRenewDate!) - Date.parse(user.subscriptionStartDate!)) / 86_400_000;
    expect(days).toBe(30);

    const [row] = await ledger(id);
    expect(row).toMatchObject({
      amountCents: 2999,
      currency: 'USD',
      status: 'succeeded',
      kind: 'checkout',
      cardBrand: 'Visa',
      cardLast4: '4242',
      gateway: 'sandbox',
    });
    expect(row!.gatewayReference).toMatch(/^sbx_ch_/);
    await server.app.ctx.mail.deliverDue();
    expect((await mailFor(server.app, body.email)).map((m) => m.kind)).toContain('receipt');
    // The answer's profile is made from the locked row and the settlement's changes: it must be what was stored.
    expect((await server.http.get('/api/users/me', token)).body).toEqual(user);
  });

  it('ignores a forged low planAmount and planPrice: the catalogue price is charged', async () => {
    const { id, token } = await patient();
    const res = await pay(id, token, checkoutBody({ planId: 'familyMonthly', planAmount: 0.01, planPrice: '$0.01' }));
    expect(res.status).toBe(200);
    expect((await ledger(id))[0]!.amountCents).toBe(4999);
    expect((await userRow(id)).subscriptionAmountCents).toBe(4999);
    expect((res.body.user as { subscriptionAmount: number }).subscriptionAmount).toBe(49.99);
  });

  it('sells a one-time visit that never renews and ends 30 days after purchase', async () => {
    const { id, token } = await patient();
    const res = await pay(id, token, checkoutBody({ planId: 'onetimevisit' }));
    expect(res.status).toBe(200);
    const user = res.body.user as Record<string, string>;
    expect(user).toMatchObject({ subscriptionPlan: 'oneTimeVisit', subscriptionAmount: 59.99, nextSubscriptionRenewDate: null });
    expect(user.subscriptionEndDate).toMatch(CENTRAL_ISO);
    expect((Date.parse(user.subscriptionEndDate!) - Date.parse(user.subscriptionStartDate!)) / 86_400_000).toBe(30);
    const [membership] = await server.app.ctx.db.select().from(memberships).where(eq(memberships.userId, id));
    expect(membership!.nextChargeAt).toBeNull();
  });

  it.each([
    ['4000000000000002', 'card_declined'],
    ['4000000000009995', 'insufficient_funds'],
    ['4000000000000069', 'expired_card'],
    ['4000000000000127', 'incorrect_cvc'],
    ['4000000000000119', 'processing_error'],
  ] as const)('#25 declines %s (%s) with a clear message and leaves the membership as it was', async (cardNumber, code) => {
    const { id, token } = await patient();
    const res = await pay(id, token, checkoutBody({ card: { cardNumber } }));
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ message: messages.declined[code], code });
    expect(await userRow(id)).toMatchObject({ subscriptionStatus: 'pending', subscriptionStartDate: null, cardLast4: null });
    expect((await ledger(id)).map((p) => [p.status, p.failureCode])).toEqual([['failed', code]]);
  });

  it("refuses another user's id with 403 and changes nothing", async () => {
    const victim = await patient();
    const attacker = await patient();
    const res = await pay(victim.id, attacker.token, checkoutBody());
    expect(res.status).toBe(403);
    expect(await ledger(victim.id)).toHaveLength(0);
    expect(await ledger(attacker.id)).toHaveLength(0);
    expect((await userRow(victim.id)).subscriptionStatus).toBe('pending');
  });

  it('#11 refuses an unverified account and a signed-out visitor', async () => {
    const { id, token } = await patient();
    await server.app.ctx.db.update(users).set({ verified: false }).where(eq(users.id, id));
    const res = await pay(id, token, checkoutBody());
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(messages.paymentVerifyEmailFirst);
    expect(
      (await server.http.put(`/api/users/${id}/subscription`, checkoutBody(), undefined, { 'idempotency-key': randomUUID() })).status,
    ).toBe(401);
  });

  it('refuses a second membership while one is active', async () => {
    const { id, token } = await patient();
    expect((await pay(id, token, checkoutBody())).status).toBe(200);
    const again = await pay(id, token, checkoutBody({ planId: 'familyMonthly' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(messages.paymentAlreadyActive);
    expect(await ledger(id)).toHaveLength(1);
  });

  it('#26 replays the first answer for the same Idempotency-Key and charges once', async () => {
    const { id, token } = await patient();
    const key = randomUUID();
    const first = await pay(id, token, checkoutBody(), key);
    const second = await pay(id, token, checkoutBody(), key);
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await ledger(id)).toHaveLength(1);
  });

  it('#26 charges once when two requests with one key race', async () => {
    const { id, token } = await patient();
    const key = randomUUID();
    const [a, b] = await Promise.all([pay(id, token, checkoutBody(), key), pay(id, token, checkoutBody(), key)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect(await ledger(id)).toHaveLength(1);
  });

  it('#26 refuses the same key with a different body, and a missing key', async () => {
    const { id, token } = await patient();
    const key = randomUUID();
    await pay(id, token, checkoutBody({ card: { cardNumber: '4000000000000002' } }), key);
    const changed = await pay(id, token, checkoutBody(), key);
    expect(changed.status).toBe(422);
    expect(changed.body.message).toBe(messages.idempotencyKeyReused);
    const missing = await server.http.put(`/api/users/${id}/subscription`, checkoutBody(), token);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(messages.idempotencyKeyRequired);
    expect(await ledger(id)).toHaveLength(1);
  });

  const lastYear = String((new Date().getFullYear() - 1) % 100).padStart(2, '0');
  const lastMonth = (() => {
    const d = new Date();
    d.setDate(1);
    d.setMonth(d.getMonth() - 1);
    return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getFullYear() % 100).padStart(2, '0')}`;
  })();
  const thisMonth = `${String(new Date().getMonth() + 1).padStart(2, '0')}/${String(new Date().getFullYear() % 100).padStart(2, '0')}`;
  it.each([
    ['a number failing Luhn (#25 4242424242424241)', { card: { cardNumber: '4242424242424241' } }, messages.cardNumberInvalid],
    ['a 12-digit number', { card: { cardNumber: '424242424242' } }, messages.cardNumberLength],
    ['a 20-digit number', { card: { cardNumber: '42424242424242424242' } }, messages.cardNumberLength],
    ['letters in the number', { card: { cardNumber: '4242abcd42424242' } }, messages.cardNumberLength],
    ['month 13', { card: { expiry: '13/30' } }, messages.expiryMonth],
    ['month 00', { card: { expiry: '00/30' } }, messages.expiryMonth],
    ['an expiry in the past', { card: { expiry: `12/${lastYear}` } }, messages.cardExpired],
    ['last month', { card: { expiry: lastMonth } }, messages.cardExpired],
    ['a badly formed expiry', { card: { expiry: '1230' } }, messages.expiryFormat],
    ['a 4-digit CVC on Visa', { card: { cvv: '1234' } }, messages.cvcLength(3)],
    ['a 3-digit CVC on American Express', { card: { cardNumber: '378282246310005', cvv: '123' } }, messages.cvcLength(4)],
    ['no name on card', { card: { cardholderName: ' ' } }, messages.fieldRequired('Name on card')],
    ['no street', { billingAddress: { ...checkoutBody().billingAddress, street: '' } }, messages.fieldRequired('Street address')],
    ['no city', { contact: { ...checkoutBody().contact, city: '' } }, messages.fieldRequired('City')],
    ['a short phone', { contact: { ...checkoutBody().contact, phone: '555-0100' } }, messages.paymentPhone],
    ['a bad e-mail', { contact: { ...checkoutBody().contact, email: 'nope' } }, messages.forgotInvalid],
    ['no plan', { planId: '' }, messages.choosePlanBeforePayment],
    ['an unknown field', { discount: 100 }, messages.unknownField('discount')],
  ])('refuses %s with its shared message', async (_name, change, message) => {
    const { id, token } = await patient();
    const res = await pay(id, token, checkoutBody(change));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await ledger(id)).toHaveLength(0);
  });

  it('accepts a card that expires this month, and American Express with a 4-digit CVC', async () => {
    const first = await patient();
    expect((await pay(first.id, first.token, checkoutBody({ card: { expiry: thisMonth } }))).status).toBe(200);
    const amex = await patient();
    const res = await pay(amex.id, amex.token, checkoutBody({ card: { cardNumber: '378282246310005', cvv: '1234' } }));
    expect(res.status).toBe(200);
    expect((res.body.user as { cardDetails: { brand: string } }).cardDetails.brand).toBe('American Express');
  });

  it.each([
    ['Stripe', '4242424242424242'],
    ['Braintree', '4111111111111111'],
    ['Authorize.net', '4007000000027'],
    ['Stripe (declines later renewals)', '4000000000000341'],
  ])('#25 approves the %s test card %s', async (_network, cardNumber) => {
    const { id, token } = await patient();
    const res = await pay(id, token, checkoutBody({ card: { cardNumber } }));
    expect(res.status).toBe(200);
    expect((res.body.user as { cardDetails: { last4: string } }).cardDetails.last4).toBe(cardNumber.slice(-4));
  });

  it('refuses malformed JSON and a bad user id', async () => {
    const { id, token } = await patient();
    expect((await pay(id, token, '{"planId":')).status).toBe(400);
    expect((await pay('not-a-uuid', token, checkoutBody())).status).toBe(400);
  });
});

describe('plan changes', () => {
  it('lets a patient change their own plan until the membership is active', async () => {
    const { user, token } = await signedInPatient(server.app);
    const id = user.id as string;
    const res = await server.http.put(`/api/users/${id}/planUpdate`, { subscriptionPlan: 'familyMonthly' }, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: messages.planSaved, subscriptionPlan: 'familyMonthly', subscriptionAmount: 49.99 });
    await server.http.put(`/api/users/${id}/subscription`, checkoutBody({ planId: 'familyMonthly' }), token, {
      'idempotency-key': randomUUID(),
    });
    const refused = await server.http.put(`/api/users/${id}/planUpdate`, { subscriptionPlan: 'individualMonthly' }, token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(messages.planChangeRefused);
  });

  it("refuses another user's id with 403 and changes nothing", async () => {
    const victim = await signedInPatient(server.app);
    const attacker = await signedInPatient(server.app);
    const res = await server.http.put(
      `/api/users/${victim.user.id as string}/planUpdate`,
      { subscriptionPlan: 'oneTimeVisit' },
      attacker.token,
    );
    expect(res.status).toBe(403);
    expect((await server.http.get('/api/users/me', victim.token)).body.subscriptionPlan).toBe('individualMonthly');
  });

  it('refuses an unknown plan', async () => {
    const { user, token } = await signedInPatient(server.app);
    const res = await server.http.put(`/api/users/${user.id as string}/planUpdate`, { subscriptionPlan: 'gold' }, token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.pickPlan);
  });

  it('choose-plan changes nothing for a visitor who is not signed in as that e-mail', async () => {
    const { body, token } = await signedInPatient(server.app);
    const anonymous = await server.http.post('/api/auth/choose-plan', { plan: 'oneTimeVisit', email: body.email });
    expect(anonymous.body).toMatchObject({ requiresSignIn: true, message: messages.planNotedSignIn });
    expect((await server.http.get('/api/users/me', token)).body.subscriptionPlan).toBe('individualMonthly');
    const owner = await server.http.post('/api/auth/choose-plan', { plan: 'onetimevisit', email: body.email }, token);
    expect(owner.body.subscriptionPlan).toBe('oneTimeVisit');
  });

  it('lists payment history with date, plan, amount, card and status', async () => {
    const { user, token } = await signedInPatient(server.app);
    const id = user.id as string;
    await server.http.put(`/api/users/${id}/subscription`, checkoutBody({ card: { cardNumber: '4000000000000002' } }), token, {
      'idempotency-key': randomUUID(),
    });
    await server.http.put(`/api/users/${id}/subscription`, checkoutBody(), token, { 'idempotency-key': randomUUID() });
    const res = await server.http.get('/api/users/me/payments', token);
    expect(res.status).toBe(200);
    const rows = res.body as unknown as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r.status, r.planName, r.amount, r.cardLast4])).toEqual([
      ['succeeded', 'Individual Monthly', 29.99, '4242'],
      ['failed', 'Individual Monthly', 29.99, '0002'],
    ]);
    expect(rows[0]!.date).toMatch(CENTRAL_ISO);
    expect((await server.http.get('/api/users/me/payments')).status).toBe(401);
  });
});

describe('card data never rests anywhere', () => {
  it('#23 #24 leaves no card number and no CVC in any table or log line after checkouts', async () => {
    const { app, http } = server;
    const cards = [
      { cardNumber: '4242424242424242', cvv: '731' },
      { cardNumber: '4000000000000002', cvv: '842' },
      { cardNumber: '378282246310005', cvv: '9753' },
      { cardNumber: '4242424242424241', cvv: '864' },
    ];
    for (const card of cards) {
      const { user, token } = await signedInPatient(app);
      await http.put(`/api/users/${user.id as string}/subscription`, checkoutBody({ card }), token, { 'idempotency-key': randomUUID() });
    }
    const rowsOf = async (query: ReturnType<typeof sql.raw>) => ((await app.ctx.db.execute(query)) as { rows: unknown[] }).rows;
    const tables = (await rowsOf(sql.raw(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`))) as Array<{ tablename: string }>;
    let dump = '';
    for (const { tablename } of tables) dump += JSON.stringify(await rowsOf(sql.raw(`SELECT * FROM "${tablename}"`)));
    expect(dump).toContain('4242');
    for (const haystack of [dump, logText]) {
      for (const card of cards) {
        expect(haystack).not.toContain(card.cardNumber);
        // A stored or logged CVC would be a whole JSON value; bare digits also occur inside ids.
        expect(haystack).not.toContain(`"${card.cvv}"`);
      }
    }
    expect(logText.length).toBeGreaterThan(0);
    expect(logText).not.toMatch(/"(cvv|cvc|cardNumber)":"(?!\[redacted\])/);
  });
});
