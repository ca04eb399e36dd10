import { randomBytes } from 'node:crypto';
import { messages } from '@app/shared';
import argon2 from 'argon2';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { passwordChecks } from '../../lib/crypto';
import {
  api,
  createTestApp,
  fromNewIp,
  insertPatient,
  signedInPatient,
  signupBody,
  strongPassword,
  tokenFromMail,
  useTestApp,
} from '../../test/harness';
import { openSession } from './sessions.service';

// One server for the whole file. With TRUST_PROXY a test can come from an address of its own
// (fromNewIp), so per-address limits never carry over between tests; a request without
// X-Forwarded-For comes from the socket's address, as it would without TRUST_PROXY.
const server = useTestApp({ TRUST_PROXY: '1' });

describe('POST /api/auth/login', () => {
  it('signs in a verified patient with a token, the user, verified and status', async () => {
    // Over HTTP: the answer of the sign-in route itself is what this test reads.
    const { body } = await insertPatient(server.app);
    const login = await server.http.post('/api/auth/login', { email: body.email, password: body.password });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ status: 'ok', verified: true });
    const { token, user } = login.body as { token: string; user: Record<string, unknown> };
    expect(user).toMatchObject({
      email: body.email,
      firstName: 'Avery',
      verified: true,
      emailVerificationStat: 'verified',
      roles: ['ROLE_USER'],
    });
    expect(user).not.toHaveProperty('passwordHash');
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ roles: ['ROLE_USER'], email: body.email });
    expect(typeof claims.sid).toBe('string');
    const me = await server.http.get('/api/users/me', token);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: body.email, firstName: 'Avery', lastName: 'Stone', zip: '63101', customerPhone: '3145550100' });
    for (const fallback of ['/api/auth/me', '/api/me']) expect((await server.http.get(fallback, token)).body.email).toBe(body.email);
  });

  it('gives an unverified account its message and no token', async () => {
    const body = signupBody();
    await server.http.post('/api/users/register', body);
    const res = await server.http.post('/api/auth/login', { email: body.email, password: body.password });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ status: 'unverified', verified: false, notVerifiedMessage: messages.notVerified });
    expect(res.body).not.toHaveProperty('token');
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const { body } = await signedInPatient(server.app);
    const wrong = await server.http.post('/api/auth/login', { email: body.email, password: 'Wr0ng!pass' });
    const unknown = await server.http.post('/api/auth/login', { email: 'nobody.here@example.com', password: 'Wr0ng!pass' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toEqual({ message: messages.invalidCredentials });
  });

  it('matches e-mails case-insensitively and trims them', async () => {
    const { body } = await signedInPatient(server.app);
    const res = await server.http.post('/api/auth/login', { email: `  ${body.email.toUpperCase()} `, password: body.password });
    expect(res.status).toBe(200);
  });

  it.each([
    ['empty e-mail', { email: '', password: 'x' }, messages.loginBothRequired],
    ['blank password', { email: 'a@example.com', password: '   ' }, messages.loginBothRequired],
    ['missing password', { email: 'a@example.com' }, messages.loginBothRequired],
    ['malformed e-mail', { email: 'a@b', password: 'x' }, messages.loginEmail],
    ['e-mail of wrong type', { email: 42, password: 'x' }, messages.loginBothRequired],
    ['oversized password', { email: 'a@example.com', password: 'x'.repeat(257) }, messages.passwordTooLong],
    ['unknown field', { email: 'a@example.com', password: 'x', admin: true }, messages.unknownField('admin')],
  ])('refuses %s with 400', async (_name, payload, message) => {
    const res = await server.http.post('/api/auth/login', payload);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('refuses malformed JSON', async () => {
    const res = await server.http.post('/api/auth/login', '{"email":');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.malformedJson);
  });
});

const WRONG = 'Wr0ng!pass';

describe('brute-force lock', () => {
  const login = (email: string, password: string, from: Record<string, string>) =>
    server.http.post('/api/auth/login', { email, password }, undefined, from);

  it('#5 locks the account+IP pair after 10 failures in 15 minutes, even for the right password, with Retry-After', async () => {
    const { body } = await signedInPatient(server.app);
    const from = fromNewIp();
    for (let i = 0; i < 10; i++) expect((await login(body.email, WRONG, from)).status).toBe(401);
    const locked = await login(body.email, body.password, from);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(messages.tooManyLoginAttempts);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('#5 lets at most 10 of 300 parallel wrong passwords for one account reach the password hash', async () => {
    const { body } = await signedInPatient(server.app);
    const from = fromNewIp();
    const before = passwordChecks.count;
    const results = await Promise.all(Array.from({ length: 300 }, () => login(body.email, WRONG, from)));
    expect(passwordChecks.count - before).toBeLessThanOrEqual(10);
    expect(results.filter((r) => r.status === 401).length).toBeLessThanOrEqual(10);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(290);
  });

  it('#6 cannot be used to lock the owner out: failures from an attacker address leave the owner address free', async () => {
    const { body } = await signedInPatient(server.app);
    const attacker = fromNewIp();
    for (let i = 0; i < 12; i++) await login(body.email, WRONG, attacker);
    expect((await login(body.email, body.password, attacker)).status).toBe(429);
    expect((await login(body.email, body.password, fromNewIp())).status).toBe(200);
  });

  it('#6 never blocks other accounts behind the same address (a clinic NAT)', async () => {
    const [first, second] = [await signedInPatient(server.app), await signedInPatient(server.app)];
    const clinic = fromNewIp();
    for (let i = 0; i < 12; i++) await login(first.body.email, WRONG, clinic);
    for (let i = 0; i < 10; i++) expect((await login(`guess${i}@example.com`, WRONG, clinic)).status).toBe(401);
    expect((await login(first.body.email, first.body.password, clinic)).status).toBe(429);
    expect((await login(second.body.email, second.body.password, clinic)).status).toBe(200);
  });

  it('#5 counts consecutive failures: a successful sign-in starts afresh', async () => {
    const { body } = await signedInPatient(server.app);
    const from = fromNewIp();
    for (let i = 0; i < 9; i++) expect((await login(body.email, WRONG, from)).status).toBe(401);
    expect((await login(body.email, body.password, from)).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(body.email, WRONG, from)).status).toBe(401);
    expect((await login(body.email, body.password, from)).status).toBe(200);
  });

  it('#5 lifts the lock when the password is reset', async () => {
    const { body } = await signedInPatient(server.app);
    const from = fromNewIp();
    for (let i = 0; i < 11; i++) await login(body.email, WRONG, from);
    expect((await login(body.email, body.password, from)).status).toBe(429);
    await server.http.post('/api/auth/forgot-password', { email: body.email }, undefined, from);
    const token = await tokenFromMail(server.app, body.email, 'password-reset');
    const newPassword = 'N3w!password';
    expect((await server.http.put('/api/auth/reset-password', { token, newPassword }, undefined, from)).status).toBe(200);
    expect((await login(body.email, newPassword, from)).status).toBe(200);
  });

  it('#5 stops credential stuffing: one address failing on 100 accounts in an hour must wait', async () => {
    const from = fromNewIp();
    for (let i = 0; i < 100; i++) expect((await login(`stuffed${i}@example.com`, WRONG, from)).status).toBe(401);
    const next = await login('stuffed100@example.com', WRONG, from);
    expect(next.status).toBe(429);
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('#6 ignores X-Forwarded-For without TRUST_PROXY: a spoofed header does not escape the lock', async () => {
    // The one server of its own in this file: TRUST_PROXY is fixed when a server starts, and this one must not trust the header.
    const app = await createTestApp();
    try {
      const { body } = await signedInPatient(app);
      for (let i = 0; i < 10; i++) await api(app).post('/api/auth/login', { email: body.email, password: WRONG }, undefined, fromNewIp());
      expect((await api(app).post('/api/auth/login', { email: body.email, password: body.password }, undefined, fromNewIp())).status).toBe(
        429,
      );
    } finally {
      await app.close();
    }
  });
});

// Only with a Redis named by TEST_REDIS_URL (CI sets it when one answers).
const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('brute-force lock shared through Redis (REDIS_URL)', () => {
  // A server of its own: the limits' store (Redis instead of memory) is chosen when a server starts.
  const server = useTestApp({ TRUST_PROXY: '1', REDIS_URL: redisUrl ?? '' });

  it('#5 lets at most 10 of 300 parallel wrong passwords reach the hash, and locks the right one', async () => {
    const { body } = await signedInPatient(server.app);
    const from = fromNewIp();
    const before = passwordChecks.count;
    const results = await Promise.all(
      Array.from({ length: 300 }, () => server.http.post('/api/auth/login', { email: body.email, password: WRONG }, undefined, from)),
    );
    expect(passwordChecks.count - before).toBeLessThanOrEqual(10);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(290);
    expect((await server.http.post('/api/auth/login', { email: body.email, password: body.password }, undefined, from)).status).toBe(429);
    expect((await server.http.post('/api/auth/login', { email: body.email, password: body.password }, undefined, fromNewIp())).status).toBe(
      200,
    );
  });
});

/** The cost parameters of an argon2 hash (algorithm, version, memory, passes, lanes), without its salt and digest. */
const costOf = (hash: string) => hash.split('$').slice(1, 4).join('$');

describe('#7 no user enumeration at sign-in', () => {
  // Sign-in's time is its password work: one argon2id verification takes tens of milliseconds, the
  // rest of the request about one. Rather than timing requests, the test counts that work: a wrong
  // password and an unknown e-mail must each run exactly one verification, at the cost parameters
  // of a stored hash, and no hashing. Skipping or cheapening the verification for an unknown e-mail
  // (what the timing test caught) changes these counts on every run.
  it('#7 answers a wrong password and an unknown e-mail after the same password work: one argon2id verification each, as costly as a stored hash', async () => {
    const { body, user } = await insertPatient(server.app);
    const verify = vi.spyOn(argon2, 'verify');
    const hash = vi.spyOn(argon2, 'hash');
    // Each attempt from an address of its own, so the account+address limit never answers first.
    const attempt = async (email: string) => {
      verify.mockClear();
      hash.mockClear();
      const before = passwordChecks.count;
      const res = await server.http.post('/api/auth/login', { email, password: WRONG }, undefined, fromNewIp());
      return {
        res,
        checks: passwordChecks.count - before,
        verifiedAgainst: verify.mock.calls.map(([stored]) => costOf(stored)),
        hashes: hash.mock.calls.length,
      };
    };
    try {
      // The first unknown e-mail a process sees makes, once, the hash unknown e-mails are verified against.
      await attempt(`warm.up.${Date.now()}@example.com`);
      const wrong = await attempt(body.email);
      const unknown = await attempt(`nobody.${Date.now()}@example.com`);
      expect(wrong.res.status).toBe(401);
      expect(unknown.res.status).toBe(401);
      expect(unknown.res.body).toEqual(wrong.res.body);
      expect(wrong.checks).toBe(1);
      expect(unknown.checks).toBe(wrong.checks);
      expect(costOf(user.passwordHash)).toMatch(/^argon2id\$v=19\$m=19456,p=1,t=2$/);
      expect(wrong.verifiedAgainst).toEqual([costOf(user.passwordHash)]);
      expect(unknown.verifiedAgainst).toEqual(wrong.verifiedAgainst);
      expect(wrong.hashes).toBe(0);
      expect(unknown.hashes).toBe(0);
    } finally {
      verify.mockRestore();
      hash.mockRestore();
    }
  });
});

describe('sessions', () => {
  it('answers 401 without a token, with a forged token, and with a garbage header', async () => {
    expect((await server.http.get('/api/users/me')).status).toBe(401);
    expect((await server.http.get('/api/users/me', 'not.a.jwt')).status).toBe(401);
    const { token } = await signedInPatient(server.app);
    const [head, payload] = token.split('.');
    expect((await server.http.get('/api/users/me', `${head}.${payload}.AAAA`)).status).toBe(401);
    expect((await server.http.get('/api/users/me', undefined, { authorization: 'Basic abc' })).status).toBe(401);
  });

  it('#15 revokes the session on logout', async () => {
    const { token } = await signedInPatient(server.app);
    expect((await server.http.post('/api/auth/logout', {}, token)).status).toBe(204);
    const me = await server.http.get('/api/users/me', token);
    expect(me.status).toBe(401);
    expect(me.body.message).toBe(messages.sessionExpired);
    // Logging out twice, or without a session, is harmless.
    expect((await server.http.post('/api/auth/logout', {}, token)).status).toBe(204);
  });

  it('#17 refuses a token of a disabled user', async () => {
    const { token, body } = await signedInPatient(server.app);
    await server.app.ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, body.email));
    expect((await server.http.get('/api/users/me', token)).status).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    // A live session of this server, its token signed as another server (another JWT_SECRET) would sign it: only the signature is wrong.
    const { user } = await insertPatient(server.app);
    const { token } = await openSession(server.app.ctx.db, randomBytes(32).toString('hex'), user, { rememberMe: false });
    expect((await server.http.get('/api/users/me', token)).status).toBe(401);
  });

  it('does not sign in a disabled user, and tells the holder of the right password why', async () => {
    const { body } = await insertPatient(server.app);
    await server.app.ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, body.email));
    const res = await server.http.post('/api/auth/login', { email: body.email, password: strongPassword });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ message: messages.accountDisabled });
    expect(res.body).not.toHaveProperty('token');
    const wrong = await server.http.post('/api/auth/login', { email: body.email, password: 'Wrong!pass1' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: messages.invalidCredentials });
  });
});
