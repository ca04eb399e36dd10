import { messages, toIsoDate } from '@app/shared';
import { PassThrough } from 'node:stream';
import argon2 from 'argon2';
import { eq } from 'drizzle-orm';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { mailOutbox, oneTimeTokens, users } from '../../db/schema';
import { api, createTestApp, fromNewIp, mailFor, signedInPatient, signupBody, tokenFromMail, waitForMail } from '../../test/harness';

const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setFullYear(d.getFullYear() - years);
  d.setDate(d.getDate() + days);
  return toIsoDate(d);
};

/**
 * One server for the whole file but the silent-mail-server block. With TRUST_PROXY each sign-up can
 * come from an address of its own (`register`), so the 20 sign-ups an address may make in an hour
 * never run out across tests; a request without X-Forwarded-For comes from the socket's address, as
 * it would without TRUST_PROXY. It logs at debug, where every request is logged, into `logText`, for
 * the test that keeps tokens out of the logs.
 */
const server = {} as { app: App; http: ReturnType<typeof api> };
let logText = '';
beforeAll(async () => {
  const logs = new PassThrough();
  logs.on('data', (chunk: Buffer) => (logText += chunk.toString()));
  server.app = await createTestApp({ TRUST_PROXY: '1', LOG_LEVEL: 'debug' }, { logStream: logs });
  server.http = api(server.app);
});
afterAll(() => server.app.close());

/** A sign-up, from an address no other request used unless one is given. */
const register = (body: unknown, from: Record<string, string> = fromNewIp()) =>
  server.http.post('/api/users/register', body, undefined, from);

describe('POST /api/users/register', () => {
  const userRow = async (email: string) => (await server.app.ctx.db.select().from(users).where(eq(users.email, email)))[0];

  it('#4 creates an unverified account, hashes the password with argon2id (m=19456, t=2, p=1) and e-mails a verification link', async () => {
    const body = signupBody({ email: 'New.Patient@Example.com', customerId: 'CONS-ABCD1234' });
    const res = await register(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      message: messages.signupSuccess,
      firstName: 'Avery',
      email: 'new.patient@example.com',
      fullName: 'Avery Stone',
    });

    const row = await userRow('new.patient@example.com');
    expect(row).toMatchObject({
      verified: false,
      customerId: 'CONS-ABCD1234',
      customerPhone: '3145550100',
      zip: '63101',
      dob: '1985-04-12',
    });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await argon2.verify(row!.passwordHash, body.password)).toBe(true);
    expect(row!.submittedAt).toBeInstanceOf(Date);
    const mail = await mailFor(server.app, 'new.patient@example.com');
    expect(mail.map((m) => m.kind)).toEqual(['verify-email']);
    expect(mail[0]!.sentAt).not.toBeNull();
    expect(mail[0]!.text).toMatch(/\/verify-email\/[A-Za-z0-9_-]{43}/);
  });

  it('records the client address itself and ignores what the payload claims, and charges catalogue prices only', async () => {
    const body = signupBody({
      customerIp: '8.8.8.8',
      customerCountry: 'Canada',
      customerState: 'Ontario',
      subscriptionAmount: 1,
      subscriptionStatus: 'active',
      submittedAt: '2026-11-22T08:00:00-06:00',
    });
    // Without X-Forwarded-For: the socket's address is the client's.
    expect((await server.http.post('/api/users/register', body)).status).toBe(201);
    const row = await userRow(body.email);
    expect(row).toMatchObject({
      customerIp: '127.0.0.1',
      customerCountry: null,
      customerState: null,
      subscriptionAmountCents: 2999,
      subscriptionStatus: 'pending',
      submittedLocalTime: '2026-11-22T08:00:00-06:00',
    });
  });

  it("reads 'onetimevisit' as the oneTimeVisit plan", async () => {
    const body = signupBody({ subscriptionPlan: 'onetimevisit' });
    expect((await register(body)).status).toBe(201);
    expect(await userRow(body.email)).toMatchObject({ subscriptionPlan: 'oneTimeVisit', subscriptionAmountCents: 5999 });
  });

  const invalid: Array<[string, Record<string, unknown>, string, string]> = [
    ['missing first name', { firstName: '' }, 'firstName', messages.required],
    ['blank last name', { lastName: '   ' }, 'lastName', messages.required],
    ['bad e-mail', { email: 'not-an-email' }, 'email', messages.email],
    ['short phone', { customerPhone: '314555010' }, 'customerPhone', messages.phone],
    ['long phone', { customerPhone: '31455501001' }, 'customerPhone', messages.phone],
    ['password without special character', { password: 'Abcdefg1' }, 'password', messages.password],
    ['password without uppercase', { password: 'abcdef1!' }, 'password', messages.password],
    ['password without lowercase', { password: 'ABCDEF1!' }, 'password', messages.password],
    ['password without digit', { password: 'Abcdefg!' }, 'password', messages.password],
    ['#1 password of 7 characters', { password: 'Ab1!xyz' }, 'password', messages.password],
    ['#1 password over 256 characters', { password: `Aa1!${'x'.repeat(253)}` }, 'password', messages.passwordTooLong],
    ['#2 common password with a tail of digits and a symbol', { password: 'Password1234!' }, 'password', messages.passwordTooCommon],
    ['#2 common password in another case', { password: 'qWERTY123!' }, 'password', messages.passwordTooCommon],
    ['missing date of birth', { dob: '' }, 'dob', messages.dobRequired],
    ['impossible date of birth', { dob: '1990-02-30' }, 'dob', messages.dobInvalid],
    ['future date of birth', { dob: yearsAgo(-1) }, 'dob', messages.dobFuture],
    ['under 18 by one day', { dob: yearsAgo(18, 1) }, 'dob', messages.dobTooYoung],
    ['missing ZIP', { zip: '' }, 'zip', messages.zipRequired],
    ['ZIP over 10 characters', { zip: '12345-67890' }, 'zip', messages.zipTooLong],
    ['missing plan', { subscriptionPlan: '' }, 'subscriptionPlan', messages.planRequired],
    ['unknown plan', { subscriptionPlan: 'platinum' }, 'subscriptionPlan', messages.planRequired],
    ['SMS terms not accepted', { smsPolicyAccepted: false }, 'smsPolicyAccepted', messages.smsTerms],
    ['first name too long', { firstName: 'a'.repeat(101) }, 'firstName', messages.tooLong(100)],
    ['symptoms too long', { symptoms: 'a'.repeat(2001) }, 'symptoms', messages.tooLong(2000)],
    ['phone of wrong type', { customerPhone: 3145550100 }, 'customerPhone', messages.phone],
    ['unknown field', { isAdmin: true }, 'isAdmin', messages.unknownField('isAdmin')],
  ];
  it.each(invalid)('refuses %s with its shared message and saves nothing', async (_name, change, field, message) => {
    const body = signupBody(change);
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((res.body.errors as Record<string, string>)[field]).toBeDefined();
    expect(await userRow(String(body.email).toLowerCase())).toBeUndefined();
  });

  it('#1 takes a 128-character password with non-ASCII letters whole: its 127-character prefix does not sign in', async () => {
    const password = `Ωmega-${'ñandú'.repeat(24)}1Ä`;
    expect(Array.from(password)).toHaveLength(128);
    const body = signupBody({ password });
    expect((await register(body)).status).toBe(201);
    await server.http.post('/api/users/verify-email', { token: await tokenFromMail(server.app, body.email, 'verify-email') });
    const prefix = Array.from(password).slice(0, 127).join('');
    expect((await server.http.post('/api/auth/login', { email: body.email, password: prefix })).status).toBe(401);
    expect((await server.http.post('/api/auth/login', { email: body.email, password: `${password}x` })).status).toBe(401);
    expect((await server.http.post('/api/auth/login', { email: body.email, password })).status).toBe(200);
  });

  it('accepts someone who turns 18 today', async () => {
    expect((await register(signupBody({ dob: yearsAgo(18) }))).status).toBe(201);
  });

  it('refuses a missing body field by field, malformed JSON, and a non-object body', async () => {
    const { email: _email, ...withoutEmail } = signupBody();
    const missing = await register(withoutEmail);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(messages.email);

    const malformed = await register('{"email": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(messages.malformedJson);

    const array = await register('[1,2]');
    expect(array.status).toBe(400);
  });

  it('#7 re-registering an unverified e-mail changes nothing, answers as a new sign-up and sends a new link', async () => {
    const first = signupBody();
    const firstAnswer = await register(first);
    const before = await userRow(first.email);
    const oldToken = await tokenFromMail(server.app, first.email, 'verify-email');
    const again = await register({ ...first, firstName: 'Jordan', zip: '10001', password: 'An0ther!pass' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual({ ...firstAnswer.body, firstName: 'Jordan', fullName: 'Jordan Stone' });
    expect(await userRow(first.email)).toEqual(before);
    const newToken = await tokenFromMail(server.app, first.email, 'verify-email');
    expect(newToken).not.toBe(oldToken);
    expect((await server.http.post('/api/users/verify-email', { token: oldToken })).status).toBe(400);
    expect((await server.http.post('/api/users/verify-email', { token: newToken })).status).toBe(200);
    expect((await server.http.post('/api/auth/login', { email: first.email, password: 'An0ther!pass' })).status).toBe(401);
  });

  it('answers a sign-up for a verified e-mail exactly like a new one, changes nothing and e-mails the owner', async () => {
    const owner = signupBody();
    await register(owner);
    await server.http.post('/api/users/verify-email', { token: await tokenFromMail(server.app, owner.email, 'verify-email') });
    const before = await userRow(owner.email);

    const intruder = await register({ ...owner, firstName: 'Mallory', password: 'An0ther!pass' });
    const stranger = await register(signupBody({ firstName: 'Mallory' }));
    expect(intruder.status).toBe(stranger.status);
    expect(intruder.body).toEqual({ ...stranger.body, email: owner.email });

    expect(await userRow(owner.email)).toEqual(before);
    expect((await mailFor(server.app, owner.email)).map((m) => m.kind)).toEqual(['account-exists', 'verify-email']);
  });

  it('creates one account when two sign-ups for a new e-mail race', async () => {
    const body = signupBody();
    const results = await Promise.all([register(body), register(body)]);
    expect(results.map((r) => r.status)).toEqual([201, 201]);
    expect(await server.app.ctx.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(1);
  });
});

describe('#31 sign-up limits per address', () => {
  it('takes 20 sign-ups per address per hour, then 429 with Retry-After', async () => {
    const from = fromNewIp();
    for (let i = 0; i < 20; i++) expect((await server.http.post('/api/users/register', signupBody(), undefined, from)).status).toBe(201);
    const next = signupBody();
    const refused = await server.http.post('/api/users/register', next, undefined, from);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(messages.tooManyRequests);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(await server.app.ctx.db.select().from(users).where(eq(users.email, next.email))).toHaveLength(0);
    expect((await server.http.post('/api/users/register', next, undefined, fromNewIp())).status).toBe(201);
  });
});

describe('POST /api/users/resend-verification', () => {
  const resend = (email: unknown, from = fromNewIp()) => server.http.post('/api/users/resend-verification', { email }, undefined, from);
  const verifyMail = async (email: string) => (await mailFor(server.app, email)).filter((m) => m.kind === 'verify-email');
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  it('answers every e-mail the same, and sends a new link only to an account waiting for one', async () => {
    const waiting = signupBody();
    await server.http.post('/api/users/register', waiting, undefined, fromNewIp());
    const oldToken = await tokenFromMail(server.app, waiting.email, 'verify-email');
    const verified = await signedInPatient(server.app);

    const answers = await Promise.all([
      resend(waiting.email.toUpperCase()),
      resend(verified.body.email),
      resend('nobody.at.all@example.com'),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: messages.verificationResent });
    }
    await waitForMail(server.app, waiting.email, 'verify-email', 2);
    const newToken = await tokenFromMail(server.app, waiting.email, 'verify-email');
    expect((await server.http.post('/api/users/verify-email', { token: oldToken })).status).toBe(400);
    expect((await server.http.post('/api/users/verify-email', { token: newToken })).status).toBe(200);
    await settle();
    // A verified account is sent no link: it has none, as it had none before.
    expect(await verifyMail(verified.body.email)).toHaveLength(0);
    expect(await mailFor(server.app, 'nobody.at.all@example.com')).toHaveLength(0);
  });

  it('shares the 3 mails per address per hour with sign-up', async () => {
    const body = signupBody();
    await server.http.post('/api/users/register', body, undefined, fromNewIp());
    for (let i = 0; i < 5; i++) expect((await resend(body.email)).status).toBe(200);
    await waitForMail(server.app, body.email, 'verify-email', 3);
    await settle();
    expect(await verifyMail(body.email)).toHaveLength(3);
    expect((await server.http.post('/api/users/register', body, undefined, fromNewIp())).status).toBe(201);
    expect(await verifyMail(body.email)).toHaveLength(3);
  });

  it('#31 sends one address at most 3 mails an hour however often it is signed up', async () => {
    const body = signupBody();
    for (let i = 0; i < 8; i++) expect((await server.http.post('/api/users/register', body, undefined, fromNewIp())).status).toBe(201);
    expect((await mailFor(server.app, body.email)).filter((m) => m.kind === 'verify-email')).toHaveLength(3);
    const owner = signupBody();
    await server.http.post('/api/users/register', owner, undefined, fromNewIp());
    await server.http.post('/api/users/verify-email', { token: await tokenFromMail(server.app, owner.email, 'verify-email') });
    for (let i = 0; i < 5; i++) expect((await server.http.post('/api/users/register', owner, undefined, fromNewIp())).status).toBe(201);
    expect((await mailFor(server.app, owner.email)).filter((m) => m.kind === 'account-exists')).toHaveLength(2);
  });

  it('#31 takes 10 requests per address per hour, then 429 with Retry-After', async () => {
    const from = fromNewIp();
    for (let i = 0; i < 10; i++) expect((await resend(`resend.${i}@example.com`, from)).status).toBe(200);
    const refused = await resend('resend.last@example.com', from);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(messages.tooManyRequests);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it.each([
    [{}, messages.email],
    [{ email: 'nope' }, messages.email],
    [{ email: 'a@example.com', more: 1 }, messages.unknownField('more')],
  ])('refuses %j with 400 and says why', async (payload, message) => {
    const res = await server.http.post('/api/users/resend-verification', payload, undefined, fromNewIp());
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

// A server of its own: its mail server never answers, and the test reads the whole outbox.
describe('no request waits on the mail server', () => {
  let app: App;
  let smtp: Server;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    // A mail server that accepts connections and never answers: any request that waited would hang.
    smtp = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.address() as AddressInfo;
    app = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      ADMIN_EMAIL: 'silent.admin@example.com',
      ADMIN_PASSWORD: 'Adm1n!pass',
    });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    smtp.close();
    await app.close();
  });

  it('answers sign-up, resend, forgot password and the admin link at once and leaves the mail in the outbox', async () => {
    const http = api(app);
    const body = signupBody();
    const signup = await http.post('/api/users/register', body);
    expect(signup.status).toBe(201);
    expect(signup.body.message).toBe(messages.signupSuccess);
    expect((await http.post('/api/users/resend-verification', { email: body.email })).status).toBe(200);
    expect((await http.post('/api/auth/forgot-password', { email: body.email })).status).toBe(200);
    const admin = await http.post('/api/auth/login', { email: 'silent.admin@example.com', password: 'Adm1n!pass' });
    expect(admin.body.status).toBe('magic_link_sent');
    expect(await app.ctx.db.select().from(users).where(eq(users.email, body.email))).toHaveLength(1);
    await waitForMail(app, body.email, 'password-reset');
    await waitForMail(app, body.email, 'verify-email', 2);
    const mail = await app.ctx.db.select().from(mailOutbox);
    expect(mail.map((m) => m.kind).sort()).toEqual(['admin-login', 'password-reset', 'verify-email', 'verify-email']);
    expect(mail.every((m) => m.sentAt === null)).toBe(true);
  });
});

describe('POST /api/users/verify-email', () => {
  const userRow = async (email: string) => (await server.app.ctx.db.select().from(users).where(eq(users.email, email)))[0];

  it('verifies once, answering the message alone (no address: a link can outlive it); the same link a second time fails', async () => {
    const body = signupBody();
    await register(body);
    const token = await tokenFromMail(server.app, body.email, 'verify-email');
    const ok = await server.http.post('/api/users/verify-email', { token });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: messages.verifySuccess });
    const again = await server.http.post('/api/users/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.verifyTokenInvalid);
  });

  it('#11 keeps only a hash of the token', async () => {
    const body = signupBody();
    await register(body);
    const token = await tokenFromMail(server.app, body.email, 'verify-email');
    const rows = await server.app.ctx.db.select().from(oneTimeTokens);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('refuses a link older than 24 hours', async () => {
    const body = signupBody();
    await register(body);
    const token = await tokenFromMail(server.app, body.email, 'verify-email');
    await server.app.ctx.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, (await userRow(body.email))!.id));
    expect((await server.http.post('/api/users/verify-email', { token })).status).toBe(400);
  });

  it('#11 #12 a GET only reports whether the link is usable: two GETs leave it usable, the POST spends it, a second POST fails', async () => {
    const body = signupBody();
    await register(body);
    const token = await tokenFromMail(server.app, body.email, 'verify-email');
    for (let i = 0; i < 2; i++) {
      const peek = await server.http.get(`/api/users/verify-email?token=${token}`);
      expect(peek.status).toBe(200);
      expect(peek.body).toEqual({ usable: true });
      expect(peek.headers['cache-control']).toBe('no-store');
    }
    expect((await userRow(body.email))?.verified).toBe(false);
    expect((await server.http.post('/api/users/verify-email', { token })).status).toBe(200);
    expect((await userRow(body.email))?.verified).toBe(true);
    expect((await server.http.get(`/api/users/verify-email?token=${token}`)).body).toEqual({
      usable: false,
      message: messages.verifyTokenInvalid,
    });
    const again = await server.http.post('/api/users/verify-email', { token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.verifyTokenInvalid);
  });

  it('keeps the token of a checked link out of the logs', async () => {
    // The file's server logs at debug, where every request is logged; this test reads from here on.
    logText = '';
    const body = signupBody();
    await register(body);
    const token = await tokenFromMail(server.app, body.email, 'verify-email');
    expect((await server.http.get(`/api/users/verify-email?token=${token}`)).body).toEqual({ usable: true });
    await server.http.get(`/verify?x=1&t=${token}`);
    // Requests are logged by route pattern, never by URL.
    expect(logText).toContain('"route":"/api/users/verify-email"');
    expect(logText).not.toContain('?token=');
    expect(logText).not.toContain(token);
  });

  it('reports an unknown or expired link as not usable', async () => {
    expect((await server.http.get('/api/users/verify-email?token=nope')).body).toEqual({
      usable: false,
      message: messages.verifyTokenInvalid,
    });
    const body = signupBody();
    await register(body);
    const token = await tokenFromMail(server.app, body.email, 'verify-email');
    await server.app.ctx.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, (await userRow(body.email))!.id));
    expect((await server.http.get(`/api/users/verify-email?token=${token}`)).body.usable).toBe(false);
  });

  it('refuses a missing, empty, unknown or oversized token', async () => {
    expect((await server.http.post('/api/users/verify-email', {})).body.message).toBe(messages.verifyMissingToken);
    expect((await server.http.post('/api/users/verify-email', { token: '' })).status).toBe(400);
    expect((await server.http.post('/api/users/verify-email', { token: 'nope' })).body.message).toBe(messages.verifyTokenInvalid);
    expect((await server.http.post('/api/users/verify-email', { token: 'x'.repeat(600) })).status).toBe(400);
    expect((await server.http.get('/api/users/verify-email')).status).toBe(400);
  });
});
