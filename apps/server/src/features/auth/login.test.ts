import { messages } from '@app/shared';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { api, createTestApp, signedInPatient, signupBody, strongPassword, tokenFromMail, useTestApp } from '../../test/harness';

describe('POST /api/auth/login', () => {
  const server = useTestApp();

  it('signs in a verified patient with a token, the user, verified and status', async () => {
    const { body, token, user } = await signedInPatient(server.app);
    expect(user).toMatchObject({ email: body.email, firstName: 'Avery', verified: true, emailVerificationStat: 'verified', roles: ['ROLE_USER'] });
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

describe('brute-force lock', () => {
  const server = useTestApp();

  it('locks an e-mail after 10 failures in 15 minutes, even for the right password, with Retry-After', async () => {
    const { body } = await signedInPatient(server.app);
    for (let i = 0; i < 10; i++) {
      const res = await server.http.post('/api/auth/login', { email: body.email, password: 'Wr0ng!pass' }, undefined, { 'x-test': String(i) });
      expect(res.status).toBe(401);
    }
    const locked = await server.http.post('/api/auth/login', { email: body.email, password: body.password });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(messages.tooManyLoginAttempts);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('locks an address after 10 failures across e-mails', async () => {
    const lockedApp = await createTestApp();
    const lockedHttp = api(lockedApp);
    try {
      const { body } = await signedInPatient(lockedApp);
      for (let i = 0; i < 10; i++) {
        expect((await lockedHttp.post('/api/auth/login', { email: `guess${i}@example.com`, password: 'Wr0ng!pass' })).status).toBe(401);
      }
      expect((await lockedHttp.post('/api/auth/login', { email: body.email, password: body.password })).status).toBe(429);
    } finally {
      await lockedApp.close();
    }
  });
});

describe('sessions', () => {
  const server = useTestApp();

  it('answers 401 without a token, with a forged token, and with a garbage header', async () => {
    expect((await server.http.get('/api/users/me')).status).toBe(401);
    expect((await server.http.get('/api/users/me', 'not.a.jwt')).status).toBe(401);
    const { token } = await signedInPatient(server.app);
    const [head, payload] = token.split('.');
    expect((await server.http.get('/api/users/me', `${head}.${payload}.AAAA`)).status).toBe(401);
    expect((await server.http.get('/api/users/me', undefined, { authorization: 'Basic abc' })).status).toBe(401);
  });

  it('revokes the session on logout', async () => {
    const { token } = await signedInPatient(server.app);
    expect((await server.http.post('/api/auth/logout', {}, token)).status).toBe(204);
    const me = await server.http.get('/api/users/me', token);
    expect(me.status).toBe(401);
    expect(me.body.message).toBe(messages.sessionExpired);
    // Logging out twice, or without a session, is harmless.
    expect((await server.http.post('/api/auth/logout', {}, token)).status).toBe(204);
  });

  it('refuses a token of a disabled user', async () => {
    const { token, body } = await signedInPatient(server.app);
    await server.app.ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, body.email));
    expect((await server.http.get('/api/users/me', token)).status).toBe(401);
  });

  it('refuses a token signed with another secret', async () => {
    const other = await createTestApp();
    try {
      const { token } = await signedInPatient(other);
      expect((await server.http.get('/api/users/me', token)).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('does not sign in a disabled user', async () => {
    const body = signupBody();
    await server.http.post('/api/users/register', body);
    await server.http.post('/api/users/verify-email', { token: await tokenFromMail(server.app, body.email, 'verify-email') });
    await server.app.ctx.db.update(users).set({ disabledAt: new Date() }).where(eq(users.email, body.email));
    const res = await server.http.post('/api/auth/login', { email: body.email, password: strongPassword });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: messages.invalidCredentials });
  });
});
