import { messages } from '@app/shared';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { eq } from 'drizzle-orm';
import { oneTimeTokens, users } from '../../db/schema';
import { ensureBootstrapAdmin } from './service';
import { api, createTestApp, mailFor, patientThroughSignUp, signedInPatient, tokenFromMail, useTestApp } from '../../test/harness';

const ADMIN_EMAIL = 'chief@careconnect.example';
const ADMIN_PASSWORD = 'Adm1n!secret';

describe('administrators sign in by magic link', () => {
  let app: App;
  let http: ReturnType<typeof api>;
  const adminLogin = () => http.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  beforeAll(async () => {
    app = await createTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD });
    http = api(app);
  });
  afterAll(() => app.close());

  it('answers a correct admin password with the magic-link message and no token, and e-mails the link', async () => {
    const res = await adminLogin();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'magic_link_sent', verified: true, message: messages.magicLinkSent });
    expect(res.body.message).toMatch(/magic .*link/i);
    const [mail] = await mailFor(app, ADMIN_EMAIL);
    expect(mail!.kind).toBe('admin-login');
    expect(mail!.text).toMatch(/\/verify-admin-login\/[A-Za-z0-9_-]{43}/);
  });

  it('#12 opens an admin session once for a link; the second press fails', async () => {
    await adminLogin();
    const token = await tokenFromMail(app, ADMIN_EMAIL, 'admin-login');
    const res = await http.post('/api/auth/verify-admin-login', { token });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: ADMIN_EMAIL, roles: ['ROLE_ADMIN'] });
    expect(decodeJwt(res.body.token as string).roles).toEqual(['ROLE_ADMIN']);
    expect((await http.get('/api/admin/me', res.body.token as string)).status).toBe(200);

    const again = await http.post('/api/auth/verify-admin-login', { token });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.magicLinkInvalid);
  });

  it('#12 refuses a link older than 15 minutes and a link replaced by a newer one', async () => {
    await adminLogin();
    const first = await tokenFromMail(app, ADMIN_EMAIL, 'admin-login');
    await adminLogin();
    const second = await tokenFromMail(app, ADMIN_EMAIL, 'admin-login');
    expect((await http.post('/api/auth/verify-admin-login', { token: first })).status).toBe(400);
    await app.ctx.db.update(oneTimeTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await http.post('/api/auth/verify-admin-login', { token: second })).status).toBe(400);
  });

  it('does not accept a patient verification token as an admin link', async () => {
    const patient = await patientThroughSignUp(app);
    const token = await tokenFromMail(app, patient.body.email, 'verify-email');
    expect((await http.post('/api/auth/verify-admin-login', { token })).status).toBe(400);
  });

  it('sends at most 5 links per admin per hour', async () => {
    const fresh = await createTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD });
    try {
      const freshHttp = api(fresh);
      for (let i = 0; i < 5; i++)
        expect((await freshHttp.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(200);
      const sixth = await freshHttp.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
      expect(sixth.status).toBe(429);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
      expect(await mailFor(fresh, ADMIN_EMAIL)).toHaveLength(5);
    } finally {
      await fresh.close();
    }
  });

  it('refuses bad bodies', async () => {
    expect((await http.post('/api/auth/verify-admin-login', {})).status).toBe(400);
    expect((await http.post('/api/auth/verify-admin-login', { token: 7 })).status).toBe(400);
    expect((await http.post('/api/auth/verify-admin-login', { token: 'x', extra: 1 })).status).toBe(400);
  });
});

describe('the /api/admin guard', () => {
  const server = useTestApp({ ADMIN_EMAIL, ADMIN_PASSWORD });

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

  it('bootstraps one verified admin from ADMIN_EMAIL and ADMIN_PASSWORD, and a new password at the next start takes over', async () => {
    const res = await server.http.post('/api/auth/login', { email: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD });
    expect(res.body.status).toBe('magic_link_sent');

    const restarted = {
      ...server.app.ctx,
      config: { ...server.app.ctx.config, admin: { email: ADMIN_EMAIL, password: 'Rot4ted!secret' } },
    };
    await ensureBootstrapAdmin(restarted);
    await ensureBootstrapAdmin(restarted);
    expect(await server.app.ctx.db.select().from(users).where(eq(users.email, ADMIN_EMAIL))).toHaveLength(1);
    expect((await server.http.post('/api/auth/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })).status).toBe(401);
    expect((await server.http.post('/api/auth/login', { email: ADMIN_EMAIL, password: 'Rot4ted!secret' })).body.status).toBe(
      'magic_link_sent',
    );
  });
});
