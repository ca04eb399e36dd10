import { generateCustomerId, messages } from '@app/shared';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { oneTimeTokens, users } from '../../db/schema';
import { hashPassword } from '../../lib/crypto';
import { insertUser } from '../users';
import { mailFor, signedInPatient, signupBody, tokenFromMail, useTestApp } from '../../test/harness';

const ADMIN_EMAIL = 'chief@careconnect.example';
const ADMIN_PASSWORD = 'Adm1n!secret';

// One server for the whole file, started with ADMIN_EMAIL and ADMIN_PASSWORD.
const server = useTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD });

const login = (email: string, password = ADMIN_PASSWORD) => server.http.post('/api/auth/login', { email, password });

let admins = 0;
let adminPasswordHash: Promise<string> | undefined;
/**
 * Another verified admin with the file's admin password, inserted: a test that sends links or
 * changes a password does so to an admin of its own, so that neither the 5 links an admin may be
 * sent in an hour nor a password runs out or changes across tests.
 */
async function newAdmin() {
  admins += 1;
  const email = `admin.${admins}.${Date.now()}@careconnect.example`;
  await insertUser(server.app.ctx.db, {
    email,
    passwordHash: await (adminPasswordHash ??= hashPassword(ADMIN_PASSWORD)),
    firstName: 'Admin',
    roles: ['ROLE_ADMIN'],
    verified: true,
    emailVerifiedAt: new Date(),
    customerId: generateCustomerId(),
  });
  return email;
}

describe('administrators sign in by magic link', () => {
  it('answers a correct admin password with the magic-link message and no token, and e-mails the link', async () => {
    const res = await login(ADMIN_EMAIL);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'magic_link_sent', verified: true, message: messages.magicLinkSent });
    expect(res.body.message).toMatch(/magic .*link/i);
    const [mail] = await mailFor(server.app, ADMIN_EMAIL);
    expect(mail!.kind).toBe('admin-login');
    expect(mail!.text).toMatch(/\/verify-admin-login\/[A-Za-z0-9_-]{43}/);
  });

  it('#12 opens an admin session once for a link; the second press fails', async () => {
    const email = await newAdmin();
    await login(email);
    const token = await tokenFromMail(server.app, email, 'admin-login');
    const res = await server.http.post('/api/auth/verify-admin-login', { token });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email, roles: ['ROLE_ADMIN'] });
    expect(decodeJwt(res.body.token as string).roles).toEqual(['ROLE_ADMIN']);
    expect((await server.http.get('/api/admin/me', res.body.token as string)).status).toBe(200);

    const again = await server.http.post('/api/auth/verify-admin-login', { token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.magicLinkInvalid);
  });

  it('#12 refuses a link older than 15 minutes and a link replaced by a newer one', async () => {
    const email = await newAdmin();
    await login(email);
    const first = await tokenFromMail(server.app, email, 'admin-login');
    await login(email);
    const second = await tokenFromMail(server.app, email, 'admin-login');
    expect((await server.http.post('/api/auth/verify-admin-login', { token: first })).status).toBe(400);
    const [admin] = await server.app.ctx.db.select().from(users).where(eq(users.email, email));
    await server.app.ctx.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.userId, admin!.id));
    expect((await server.http.post('/api/auth/verify-admin-login', { token: second })).status).toBe(400);
  });

  it('does not accept a patient verification token as an admin link', async () => {
    // A patient's sign-up over HTTP, for the link its verification mail carries, not yet spent.
    const patient = signupBody();
    expect((await server.http.post('/api/users/register', patient)).status).toBe(201);
    const token = await tokenFromMail(server.app, patient.email, 'verify-email');
    expect((await server.http.post('/api/auth/verify-admin-login', { token })).status).toBe(400);
  });

  it('sends at most 5 links per admin per hour', async () => {
    const email = await newAdmin();
    for (let i = 0; i < 5; i++) expect((await login(email)).status).toBe(200);
    const sixth = await login(email);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailFor(server.app, email)).toHaveLength(5);
  });

  it('refuses bad bodies', async () => {
    expect((await server.http.post('/api/auth/verify-admin-login', {})).status).toBe(400);
    expect((await server.http.post('/api/auth/verify-admin-login', { token: 7 })).status).toBe(400);
    expect((await server.http.post('/api/auth/verify-admin-login', { token: 'x', extra: 1 })).status).toBe(400);
  });
});

describe('the /api/admin guard', () => {
  it.each(['/api/admin/me', '/api/admin/all', '/api/admin/anything/at/all', '/api/admin'])(
    '%s: 401 signed out, 403 for a patient',
    async (url) => {
      expect((await server.http.get(url)).status).toBe(401);
      const { token } = await signedInPatient(server.app);
      const res = await server.http.get(url, token);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(messages.accessDenied);
      expect((await server.http.post(url, {}, token)).status).toBe(403);
    },
  );

  it('#29 bootstraps one verified admin from ADMIN_EMAIL and ADMIN_PASSWORD on a database without one', async () => {
    const res = await login(ADMIN_EMAIL.toUpperCase());
    expect(res.body.status).toBe('magic_link_sent');
    expect(await server.app.ctx.db.select().from(users).where(eq(users.email, ADMIN_EMAIL))).toHaveLength(1);
  });
});
